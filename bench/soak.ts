/**
 * The soak: the faults of e2e/reliability, at random, for as long as asked. A sandbox and a backend process
 * (SQLite, or PostgreSQL with --postgres and DATABASE_URL) run while a few shoppers pay, each with a random
 * fault on its payment, on its notifications and on its refund, and the backend is killed with SIGKILL now and
 * then and started again. At the end every order is checked at the gateway: a paid order was paid once and
 * refunded once, nothing more. Prints the counts; exits 1 when anything was lost or doubled.
 *
 * `npx tsx bench/soak.ts [--minutes 5] [--shoppers 4] [--crash-every 45] [--postgres]`
 *
 * A measurement, not a test: `npm test` never runs it (the bounded versions are in e2e/reliability/).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxApi, successful } from '../testing/sandboxApi';
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { admin, orderOf } from '../testing/adminClient';
import { startBackendProcess, type BackendProcess } from '../testing/startBackendProcess';
import { createTestDatabase } from '../testing/createTestDatabase';
import { approveOnIssuerPage, followReturn, createSession, BR_ORDER, startPayment } from '../testing/shopClient';
import { isMain } from './lib/cli';

// most payments go through, so that most orders also get as far as their refund
const PAYMENT_FAULTS: (Record<string, unknown> | null)[] = [
  null,
  null,
  null,
  null,
  { fault: { kind: 'status', status: 503 } },
  { apply: 'after', fault: { kind: 'status', status: 502 } },
  { fault: { kind: 'timeout' } },
  { apply: 'after', fault: { kind: 'timeout' } },
  { apply: 'after', fault: { kind: 'malformed' } },
  { fault: { kind: 'latency', ms: 1500 } },
];
const NOTIFY_FAULTS: (Record<string, unknown> | null)[] = [
  null,
  { kind: 'drop' },
  { kind: 'duplicate' },
  { kind: 'delay', ms: 700 },
  { kind: 'reorder' },
];
const REFUND_FAULTS = PAYMENT_FAULTS;

interface Options {
  minutes: number;
  shoppers: number;
  crashEverySeconds: number;
  postgres: boolean;
}

interface Story {
  orderNo: string;
  /** the payment's outcome was lost and the gateway kept it pending: nobody can finish it (not a loss) */
  stranded: boolean;
  refunded: boolean;
}

/** payments whose repeat (same Idempotency-Key) still had no answer 15 s later: cut by a crash */
let unanswered = 0;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `probe` answers, through backend crashes (a refused connection is a "not yet"). */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`soak: timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function story(backend: BackendProcess, sandboxUrl: string, seq: number): Promise<Story> {
  const gw = sandboxApi(sandboxUrl);
  const orderNo = `SOAK-${process.pid}-${seq}-${randomUUID().slice(0, 6)}`;
  const fault = (endpoint: string, orderNoOfRule: string, rule: Record<string, unknown> | null) =>
    rule
      ? gw.addFault({
          endpoint,
          order_no: orderNoOfRule,
          times: 1,
          ...(endpoint === 'notify' ? { fault: rule } : rule),
        })
      : Promise.resolve();
  await fault('/v1/authorise', `${orderNo}-1`, pick(PAYMENT_FAULTS));
  await fault('notify', `${orderNo}-1`, pick(NOTIFY_FAULTS));

  const session = await until('a session', () => createSession(backend.url, { order_no: orderNo }, BR_ORDER), 30_000);
  const key = randomUUID();
  // the same key through crashes: the backend answers a repeat with the first answer; a payment cut by a crash
  // has none, and the shopper, after a while, reloads instead (a new key)
  let pay = await until(
    'an answer to the payment',
    async () => {
      const res = await startPayment(backend.url, session, 'pix', key);
      return res.status === 409 ? undefined : res;
    },
    15_000,
  ).catch(() => ({ status: 409, body: undefined as any }));
  if (pay.status === 409) unanswered += 1;
  if (pay.status !== 200) {
    // outcome unknown: the reconcile loop settles it; a payment the gateway never got may be paid again
    const settled = await until(
      'reconcile',
      async () => {
        const s = (await orderOf(backend.url, orderNo)).status;
        return s === 'pending' || s === 'declined' ? s : undefined;
      },
      60_000,
    );
    if (settled === 'pending') return { orderNo, stranded: true, refunded: false };
    pay = await until(
      'the second attempt',
      () => startPayment(backend.url, session, 'pix').then((r) => (r.status === 200 ? r : undefined)),
      30_000,
    );
  }
  const back = await approveOnIssuerPage(pay.body.action.url as string);
  if (Math.random() < 0.5) await followReturn(back).catch(() => undefined);
  await until(
    'the order paid',
    async () => ((await orderOf(backend.url, orderNo)).status === 'paid' ? true : undefined),
    60_000,
  );

  const { attempts } = await orderOf(backend.url, orderNo);
  await fault('/v1/refund', attempts.at(-1)!.gateway_order_no, pick(REFUND_FAULTS));
  await until(
    'the refund settled',
    async () => {
      const res = await admin(backend.url, '/orders/refund', { body: { orders: [{ order_no: orderNo }] } });
      const r = res.body?.results?.[0];
      return r?.ok || (r?.error?.code === 'E0009' && /refunded$/.test(r.error.message)) ? true : undefined;
    },
    90_000,
  );
  return { orderNo, stranded: false, refunded: true };
}

export async function soak(options: Options): Promise<{ lost: number; doubled: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  const database = options.postgres ? await createTestDatabase(process.env.DATABASE_URL ?? '', 't_soak') : undefined;
  const sandbox = await startSandboxProcess({ dbFile: join(dir, 'sandbox.db') });
  const backend = await startBackendProcess({
    gatewayUrl: () => sandbox.url,
    logFile: join(dir, 'backend.log'),
    env: {
      ...(database ? { DATABASE_URL: database.url } : { SQLITE_FILE: join(dir, 'merchant.db') }),
      GATEWAY_TIMEOUT_MS: '1000',
      RECONCILE_INTERVAL_MS: '500',
      RECONCILE_PENDING_AFTER_MS: '3000',
    },
  });
  const stories: Story[] = [];
  const failures: string[] = [];
  let crashes = 0;
  try {
    const deadline = Date.now() + options.minutes * 60_000;
    let seq = 0;
    const shopper = async () => {
      while (Date.now() < deadline) {
        try {
          stories.push(await story(backend, sandbox.url, seq++));
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    };
    const crasher = async () => {
      while (options.crashEverySeconds > 0 && Date.now() + options.crashEverySeconds * 1000 < deadline) {
        await sleep(options.crashEverySeconds * 1000);
        await backend.kill9();
        crashes += 1;
        await backend.start();
      }
    };
    await Promise.all([crasher(), ...Array.from({ length: options.shoppers }, shopper)]);

    const { rules } = (await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as { rules: { fired: number }[] };
    const faults = rules.reduce((n, r) => n + r.fired, 0);
    await sandboxApi(sandbox.url).clearFaults();
    let lost = 0;
    let doubled = 0;
    for (const s of stories) {
      const { attempts, status } = await until('the order', () => orderOf(backend.url, s.orderNo), 30_000);
      const transactions = (
        await Promise.all(attempts.map((a) => sandboxApi(sandbox.url).transactions(a.gateway_order_no)))
      ).flat();
      const paid = successful(transactions).length;
      const refunds = transactions.reduce((n, t) => n + ((t.refunds as unknown[] | undefined)?.length ?? 0), 0);
      const want = s.stranded ? 0 : 1;
      if (paid < want || refunds < want || (!s.stranded && status !== 'refunded')) lost += 1;
      if (paid > 1 || refunds > 1) doubled += 1;
    }
    const summary = {
      minutes: options.minutes,
      store: database ? 'postgres' : 'sqlite',
      orders: stories.length,
      refunded: stories.filter((s) => s.refunded).length,
      stranded: stories.filter((s) => s.stranded).length,
      faults,
      crashes,
      unanswered_repeats: unanswered,
      lost,
      doubled,
      unfinished: failures.length,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    for (const f of failures.slice(0, 10)) process.stderr.write(`unfinished: ${f}\n`);
    return { lost, doubled };
  } finally {
    await backend.stop();
    await sandbox.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function argument(argv: readonly string[], name: string, fallback: number): number {
  const i = argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
}

if (isMain(import.meta.url)) {
  const argv = process.argv.slice(2);
  soak({
    minutes: argument(argv, 'minutes', 5),
    shoppers: argument(argv, 'shoppers', 4),
    crashEverySeconds: argument(argv, 'crash-every', 45),
    postgres: argv.includes('--postgres'),
  }).then(
    ({ lost, doubled }) => process.exit(lost || doubled ? 1 : 0),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
      process.exit(2);
    },
  );
}
