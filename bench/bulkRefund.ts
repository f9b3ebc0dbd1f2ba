/**
 * Benchmark 3: refund 10,000 paid orders through the admin API (`POST /admin/api/orders/refund`), sent as the
 * admin page sends a selection (admin/sendInChunks.ts), against the sandbox: total time, gateway calls made
 * (`/v1/refund` takes 50 orders a call, so 10,000 orders must take 200 calls) and orders per second.
 *
 * The orders are paid the way a shopper pays (lib/payOrder.ts) on the sandbox's auto-capture account, and the
 * benchmark waits until the backend has them all as `paid` (from the gateway's notifications) before it times
 * anything.
 *
 * `npx tsx bench/bulkRefund.ts [--quick]`
 */
import { DEMO_DEFAULTS } from '../server/config';
import { BATCH_LIMIT } from '../shared/gateway/errors';
import { sendInChunks, CHUNK_SIZE } from '../admin/sendInChunks';
import type { BulkItem, BulkResult } from '../admin/api/client';
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { AUTO_CAPTURE_ACCOUNT, UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { isMain, runStandalone } from './lib/cli';
import { mapConcurrent } from './lib/mapConcurrent';
import { fmt, markdownTable } from './lib/markdownTable';
import { payOrder } from './lib/payOrder';
import type { BenchSession } from './lib/shopCalls';
import { startTarget, type RunningTarget } from './lib/startTarget';

const ORDERS = { full: 10_000, quick: 500 };
/** how long the notifications that mark the orders paid may take to arrive, at most */
const PAID_DEADLINE_MS = 10 * 60_000;

function adminHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/json', Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}` };
}

/** Is the admin refund route there? A probe with an unknown order costs no gateway call. */
async function hasAdminRefund(backendUrl: string): Promise<{ ok: boolean; why: string }> {
  const res = await fetch(`${backendUrl}/admin/api/orders/refund`, {
    method: 'POST',
    headers: adminHeaders(),
    body: JSON.stringify({ orders: [{ order_no: 'bench-probe-unknown' }] }),
  });
  const text = await res.text();
  return { ok: res.status === 200, why: `POST /admin/api/orders/refund answered ${res.status}: ${text.slice(0, 160)}` };
}

async function refundCalls(sandboxUrl: string): Promise<number> {
  const res = await fetch(`${sandboxUrl}/sandbox/requests/count?endpoint=${encodeURIComponent('/v1/refund')}`);
  return ((await res.json()) as { count: number }).count;
}

async function statusOf(backend: RunningTarget, s: BenchSession): Promise<string | undefined> {
  const res = await fetch(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } });
  return ((await res.json()) as { status?: string }).status;
}

/** Polls each order until the backend has it as paid; the ones still waiting are asked again, with a deadline. */
async function waitUntilPaid(
  backend: RunningTarget,
  sessions: readonly BenchSession[],
  log: (line: string) => void,
): Promise<void> {
  let waiting = [...sessions];
  const deadline = Date.now() + PAID_DEADLINE_MS;
  while (waiting.length) {
    const statuses = await mapConcurrent(waiting, 16, (s) => statusOf(backend, s));
    waiting = waiting.filter((_, i) => statuses[i] !== 'paid');
    if (!waiting.length) return;
    if (Date.now() > deadline)
      throw new Error(`${waiting.length} orders were still not paid after ${PAID_DEADLINE_MS / 60_000} min`);
    log(`bulk refund: ${waiting.length} orders not paid yet`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function bulkRefund(options: BenchOptions): Promise<BenchResult> {
  const count = options.quick ? ORDERS.quick : ORDERS.full;
  const { log } = options;
  const sandbox = await startSandboxProcess();
  const backend = await startTarget({
    kind: 'backend',
    gatewayUrl: sandbox.url,
    backendEnv: { ...UNLIMITED_RATES, ...AUTO_CAPTURE_ACCOUNT },
  });
  try {
    const probe = await hasAdminRefund(backend.url);
    if (!probe.ok) throw new Error(`the admin API is not available: ${probe.why}`);

    log(`bulk refund: paying ${count} orders through the hosted card page (setup, not timed)`);
    const setupStarted = Date.now();
    const sessions = await mapConcurrent(Array.from({ length: count }), 16, () => payOrder(backend.url));
    await waitUntilPaid(backend, sessions, log);
    const setupMs = Date.now() - setupStarted;

    const items: BulkItem[] = sessions.map((s) => ({ order_no: s.order_no }));
    const callsBefore = await refundCalls(sandbox.url);
    log(`bulk refund: refunding ${count} orders in requests of ${CHUNK_SIZE}`);
    const started = performance.now();
    const results = await sendInChunks(items, async (chunk) => {
      const res = await fetch(`${backend.url}/admin/api/orders/refund`, {
        method: 'POST',
        headers: adminHeaders(),
        body: JSON.stringify({ orders: chunk }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`refund request answered ${res.status}: ${text.slice(0, 200)}`);
      return JSON.parse(text) as { results: BulkResult[] };
    });
    const totalMs = performance.now() - started;
    const calls = (await refundCalls(sandbox.url)) - callsBefore;

    const ok = results.filter((r) => r.ok).length;
    const errors = new Map<string, number>();
    for (const r of results) if (!r.ok) errors.set(r.error.code, (errors.get(r.error.code) ?? 0) + 1);
    // each request of the page is split into gateway batches on its own
    const expectedCalls = Array.from({ length: Math.ceil(count / CHUNK_SIZE) }, (_, i) =>
      Math.ceil(Math.min(CHUNK_SIZE, count - i * CHUNK_SIZE) / BATCH_LIMIT.refund),
    ).reduce((a, b) => a + b, 0);
    const table = markdownTable(
      ['orders', 'refunded', 'failed', 'total time', 'orders per second', 'gateway calls `/v1/refund`', 'expected'],
      [
        [
          fmt.int(count),
          fmt.int(ok),
          fmt.int(count - ok),
          fmt.seconds(totalMs),
          fmt.one(count / (totalMs / 1000)),
          `**${calls}**`,
          `${expectedCalls} (${BATCH_LIMIT.refund} a call) ${calls === expectedCalls ? '- as expected' : '- **differs**'}`,
        ],
      ],
    );
    const markdown = [
      `${fmt.int(count)} orders paid by card through the hosted page on the sandbox's auto-capture account (setup: ${fmt.seconds(setupMs)}, not timed), then refunded in full`,
      `through \`POST /admin/api/orders/refund\` in requests of ${CHUNK_SIZE} orders, one after the other, as the admin page sends a selection.`,
      "The time runs from the first request to the last answer; the gateway's REFUND RESULT notifications arrive at the backend meanwhile.",
      '',
      table,
      ...(errors.size
        ? ['', `Failed orders by error code: ${[...errors].map(([c, n]) => `\`${c}\` ${n}`).join(', ')}.`]
        : []),
    ].join('\n');
    return { key: 'bulkRefund', title: '3. Bulk refund through the admin API', markdown };
  } finally {
    await backend.close();
    await sandbox.close();
  }
}

if (isMain(import.meta.url)) runStandalone(bulkRefund);
