/**
 * Benchmark 2: signed notifications per second into `POST /hooks/gateway`, on SQLite and on PostgreSQL: first
 * each one for a distinct order (verify, record the notify_id, apply 1000 -> 2000 in one transaction), then the
 * same deliveries again (duplicates: verify, find the notify_id, acknowledge). The orders are real: a session
 * and a card payment each through the backend's API and the sandbox, made before the timed runs.
 *
 * `npx tsx bench/notificationIngest.ts [--quick]`
 */
import { randomBytes } from 'node:crypto';
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { isMain, runStandalone } from './lib/cli';
import { findPostgres } from './lib/findPostgres';
import { mapConcurrent } from './lib/mapConcurrent';
import { fmt, markdownTable } from './lib/markdownTable';
import { failureNote } from './lib/paymentLoad';
import { runLoad, type LoadResult } from './lib/runLoad';
import { createSession, payByCard, type BenchSession } from './lib/shopCalls';
import { signedNotification } from './lib/signedNotification';
import { startTarget, type RunningTarget } from './lib/startTarget';
import { median } from './lib/stats';

const SETTINGS = {
  full: { runs: 3, perRun: 2000, connections: 16, warmup: 200 },
  quick: { runs: 2, perRun: 300, connections: 16, warmup: 50 },
};

interface StoreResult {
  store: string;
  distinct: LoadResult[];
  duplicate: LoadResult[];
  /** orders checked after the distinct runs, and how many of them were authorised */
  checked: number;
  applied: number;
}

/** Orders with a pending card payment: what a PAYMENT notification applies to. */
async function pendingOrders(backend: RunningTarget, count: number): Promise<BenchSession[]> {
  return mapConcurrent(Array.from({ length: count }), 16, async () => {
    const session = await createSession(backend.url);
    await payByCard(backend.url, session);
    return session;
  });
}

function notifications(sessions: readonly BenchSession[]): string[] {
  const batch = randomBytes(4).toString('hex');
  return sessions.map((s, i) =>
    signedNotification(
      { gatewayOrderNo: `${s.order_no}-1`, amount: s.amount, currency: s.currency },
      `N${batch}${i}`,
      `T${batch}${i}`,
    ),
  );
}

function deliver(backend: RunningTarget, bodies: readonly string[], connections: number): Promise<LoadResult> {
  let i = 0;
  return runLoad({
    url: backend.url,
    connections,
    amount: bodies.length,
    next: () => ({
      path: '/hooks/gateway',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: bodies[Math.min(i++, bodies.length - 1)]!,
    }),
  });
}

/** The order status the widget would see, for a sample of orders: did the notifications take effect? */
async function countAuthorised(backend: RunningTarget, sessions: readonly BenchSession[]): Promise<number> {
  const statuses = await mapConcurrent(sessions, 8, async (s) => {
    const res = await fetch(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } });
    return ((await res.json()) as { status?: string }).status;
  });
  return statuses.filter((st) => st === 'authorised').length;
}

async function measureStore(
  gatewayUrl: string,
  store: 'sqlite' | 'postgres',
  databaseUrl: string | undefined,
  options: BenchOptions,
): Promise<StoreResult> {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const backend = await startTarget({
    kind: 'backend',
    gatewayUrl,
    store,
    ...(databaseUrl ? { databaseUrl } : {}),
    backendEnv: { ...UNLIMITED_RATES },
  });
  try {
    options.log(
      `notifications [${store}]: ${s.warmup + s.runs * s.perRun} orders with a pending card payment (setup, not timed)`,
    );
    const warm = await pendingOrders(backend, s.warmup);
    const sets: BenchSession[][] = [];
    for (let r = 0; r < s.runs; r++) sets.push(await pendingOrders(backend, s.perRun));
    await deliver(backend, notifications(warm), s.connections);

    const distinct: LoadResult[] = [];
    const duplicate: LoadResult[] = [];
    const delivered = sets.map(notifications);
    for (let r = 0; r < s.runs; r++) {
      distinct.push(await deliver(backend, delivered[r]!, s.connections));
      // the same deliveries once more: every one is now a duplicate
      duplicate.push(await deliver(backend, delivered[r]!, s.connections));
      options.log(
        `notifications [${store}]: run ${r + 1}/${s.runs}: distinct ${fmt.one(distinct.at(-1)!.rps)}/s, duplicates ${fmt.one(duplicate.at(-1)!.rps)}/s`,
      );
    }
    const sample = sets.flat().filter((_, i) => i % 10 === 0);
    return { store, distinct, duplicate, checked: sample.length, applied: await countAuthorised(backend, sample) };
  } finally {
    await backend.close();
  }
}

export async function notificationIngest(options: BenchOptions): Promise<BenchResult> {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const sandbox = await startSandboxProcess();
  const results: StoreResult[] = [];
  let postgresNote = '';
  try {
    results.push(await measureStore(sandbox.url, 'sqlite', undefined, options));
    const databaseUrl = await findPostgres();
    if (databaseUrl) results.push(await measureStore(sandbox.url, 'postgres', databaseUrl, options));
    else
      postgresNote =
        'PostgreSQL: **not measured**, no server answered (set DATABASE_URL, or run one on 127.0.0.1:5432).';
  } finally {
    await sandbox.close();
  }
  const rows = results.flatMap((r) =>
    (['distinct', 'duplicate'] as const).map((kind) => {
      const runs = r[kind];
      return [
        r.store,
        kind === 'distinct' ? 'distinct orders (applied)' : 'duplicates (acknowledged, not applied)',
        `**${fmt.one(median(runs.map((x) => x.rps)))}**`,
        runs.map((x) => fmt.one(x.rps)).join(', '),
        median(runs.map((x) => x.p50Ms)),
        median(runs.map((x) => x.p99Ms)),
      ];
    }),
  );
  const notes = results
    .flatMap((r) => [failureNote(`${r.store} distinct`, r.distinct), failureNote(`${r.store} duplicates`, r.duplicate)])
    .filter(Boolean);
  const markdown = [
    `${s.runs} runs of ${s.perRun} signed notifications each per store, at ${s.connections} connections, after a warm-up of ${s.warmup}; each distinct run is followed by the same deliveries again (all duplicates).`,
    'The backend runs in its own process; the PostgreSQL server is the local one (its own processes, same 2 cores).',
    '',
    markdownTable(['store', 'notifications', 'per second, median', 'runs', 'p50 ms', 'p99 ms'], rows),
    '',
    ...results.map(
      (r) =>
        `Check [${r.store}]: ${r.applied} of ${r.checked} sampled orders read back as \`authorised\` after the runs.`,
    ),
    ...(postgresNote ? ['', postgresNote] : []),
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  return { key: 'notificationIngest', title: '2. Notification ingestion', markdown };
}

if (isMain(import.meta.url)) runStandalone(notificationIngest);
