/**
 * Benchmark 2: signed notifications per second into `POST /hooks/gateway`, on SQLite and on PostgreSQL: first
 * each one for a distinct order (verify, record the notify_id, apply 1000 -> 2000 in one transaction), then the
 * same deliveries again (duplicates: verify, find the notify_id, acknowledge). The orders are real: a session
 * and a card payment each through the backend's API and the sandbox, made before the timed runs.
 *
 * Since issue #31 a notification whose signature does not verify is not refused but stored as a cue and its payment
 * confirmed by query (docs/protocol-decisions.md 6): one more run delivers such notifications, one for each of
 * `perRun` other orders, and reports how fast they are acknowledged, how soon every order was asked about, and how
 * many query calls that took at the gateway (100 orders a call).
 *
 * `npx tsx bench/notificationIngest.ts [--quick]`
 */
import { randomBytes } from 'node:crypto';
import { sandboxApi } from '../testing/sandboxApi';
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
  cues: CueResult;
}

/** The run of notifications whose signature does not verify: stored as cues, confirmed by query. */
interface CueResult {
  load: LoadResult;
  orders: number;
  /** from the first delivery until the gateway had been asked about every order of a sample; undefined: not within the wait */
  askedWithinMs: number | undefined;
  /** query calls the gateway received meanwhile */
  queryCalls: number;
}

/** How long the cue run waits for every sampled order to be asked about. */
const CUE_WAIT_MS = 120_000;

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

/** The same notifications with a signature that does not verify: each is a cue (issue #31). */
function unverified(bodies: readonly string[]): string[] {
  return bodies.map((body) => {
    const form = new URLSearchParams(body);
    form.set('encryption_data', 'ab'.repeat(32));
    return form.toString();
  });
}

/**
 * Delivers one unverified notification for each of `sessions`, then waits until the gateway was asked about every
 * tenth of their orders (its request log, by order number).
 */
async function measureCues(
  backend: RunningTarget,
  gatewayUrl: string,
  sessions: readonly BenchSession[],
  connections: number,
): Promise<CueResult> {
  const gateway = sandboxApi(gatewayUrl);
  const queriesBefore = await gateway.requestCount('/v1/retrievalTrans');
  const started = Date.now();
  const load = await deliver(backend, unverified(notifications(sessions)), connections);
  const sample = sessions.filter((_, i) => i % 10 === 0);
  let askedWithinMs: number | undefined;
  while (Date.now() - started < CUE_WAIT_MS) {
    const asked = await mapConcurrent(sample, 8, (s) => gateway.requestCount('/v1/retrievalTrans', `${s.order_no}-1`));
    if (asked.every((n) => n > 0)) {
      askedWithinMs = Date.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const queryCalls = (await gateway.requestCount('/v1/retrievalTrans')) - queriesBefore;
  return { load, orders: sessions.length, askedWithinMs, queryCalls };
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
    const cueSet = await pendingOrders(backend, s.perRun);
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
    const cues = await measureCues(backend, gatewayUrl, cueSet, s.connections);
    options.log(
      `notifications [${store}]: unverified (cues) ${fmt.one(cues.load.rps)}/s, every order asked about within ${cues.askedWithinMs ?? '-'} ms, ${cues.queryCalls} query calls`,
    );
    const sample = sets.flat().filter((_, i) => i % 10 === 0);
    return {
      store,
      distinct,
      duplicate,
      checked: sample.length,
      applied: await countAuthorised(backend, sample),
      cues,
    };
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
  const rows = results.flatMap((r) => [
    ...(['distinct', 'duplicate'] as const).map((kind) => {
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
    [
      r.store,
      'signature not verified (stored as cues, confirmed by query)',
      `**${fmt.one(r.cues.load.rps)}**`,
      fmt.one(r.cues.load.rps),
      r.cues.load.p50Ms,
      r.cues.load.p99Ms,
    ],
  ]);
  const notes = results
    .flatMap((r) => [
      failureNote(`${r.store} distinct`, r.distinct),
      failureNote(`${r.store} duplicates`, r.duplicate),
      failureNote(`${r.store} cues`, [r.cues.load]),
    ])
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
    ...results.map(
      (r) =>
        `Cues [${r.store}]: ${r.cues.orders} notifications whose signature does not verify, one per order, ${r.cues.load.failures ? `**${r.cues.load.failures} not acknowledged**` : 'all acknowledged'}; ` +
        (r.cues.askedWithinMs === undefined
          ? `**not every sampled order was asked about within ${CUE_WAIT_MS / 1000} s**`
          : `the gateway was asked about every sampled order within ${fmt.one(r.cues.askedWithinMs / 1000)} s of the first delivery`) +
        `, in ${r.cues.queryCalls} query calls (at most 100 orders a call).`,
    ),
    ...(postgresNote ? ['', postgresNote] : []),
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  return { key: 'notificationIngest', title: '2. Notification ingestion', markdown };
}

if (isMain(import.meta.url)) runStandalone(notificationIngest);
