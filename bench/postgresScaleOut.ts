/**
 * Benchmark 1b: the production path. Payment creation on PostgreSQL beside SQLite and the bare forwarder, in
 * rounds of the three (the order rotating each round), with the CPU time per payment of every process: the one
 * under load, the sandbox, the load generator and the PostgreSQL backends serving the benchmark's database.
 * Then scale-out: 4 backend processes on one PostgreSQL schema behind round-robin TCP proxies in front of 1, 2
 * and 4 of them, runs alternating between the three; then notifications delivered to two processes at once; then
 * the shop-event outbox delivered by two processes (server/main.ts, as production runs them) to one receiver.
 *
 * `npx tsx bench/postgresScaleOut.ts [--quick]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '../testing/createTestDatabase';
import { startBackendProcess, type BackendProcess } from '../testing/startBackendProcess';
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { DEMO_DEFAULTS } from '../server/config';
import { SHOP_EVENT_TYPES } from '../shared/contract/shopEvents';
import type { BulkResult } from '../shared/contract/admin';
import { registerShopEndpoint } from '../scripts/registerShopEndpoint';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { captureCheckoutForms } from './lib/checkoutForm';
import { isMain, runStandalone } from './lib/cli';
import { findPostgres } from './lib/findPostgres';
import { checkDeliveries, type WrittenEvent } from './lib/checkDeliveries';
import { mapConcurrent } from './lib/mapConcurrent';
import { payOrder } from './lib/payOrder';
import { startEventCounter } from './lib/startEventCounter';
import { fmt, markdownTable } from './lib/markdownTable';
import { failureNote, type MeasuredRun, sessionQueue } from './lib/paymentLoad';
import { runLoad } from './lib/runLoad';
import { createSession, createSessions, payByCard } from './lib/shopCalls';
import { signedNotification } from './lib/signedNotification';
import { startProxy, type RunningProxy } from './lib/startProxy';
import { startTarget, type RunningTarget } from './lib/startTarget';
import { median, percentile } from './lib/stats';
import { type BenchDatabase, databaseUrlOf, timedRun } from './lib/timedRun';

const SETTINGS = {
  full: { amount: 1000, rounds: 4, warmup: 200, connections: 16, scaleRuns: 3, notifications: 1000, eventOrders: 500 },
  quick: { amount: 300, rounds: 1, warmup: 100, connections: 16, scaleRuns: 1, notifications: 200, eventOrders: 40 },
};
/** how long part 4 waits, at most, for the events of one phase to arrive at the shop's receiver */
const EVENTS_DEADLINE_MS = { full: 300_000, quick: 60_000 };
/** the schema the scale-out backends share in the benchmark's own database */
const SHARED_SCHEMA = 'bench_shared';
const SCALES = [1, 2, 4] as const;
/**
 * The scale-out's runs: 1, 2 and 4 processes sharing the 16 connections, and one process at 8 and at 4
 * connections, the requests in flight each of 2 or 4 processes gets: the control that tells a cost of fewer
 * requests per process (less work per event-loop turn) from one of more processes (contention).
 */
const SCALE_RUNS = [
  { processes: 1, connections: 16 },
  { processes: 2, connections: 16 },
  { processes: 4, connections: 16 },
  { processes: 1, connections: 8 },
  { processes: 1, connections: 4 },
] as const;
type ScaleRun = (typeof SCALE_RUNS)[number];
const scaleLabel = (x: ScaleRun) =>
  x.connections === 16 ? String(x.processes) : `1, at ${x.connections} connections (each of ${16 / x.connections})`;

const spare = (connections: number) => 2 * connections + 4;

type Db = BenchDatabase;

const perRequest = (runs: readonly MeasuredRun[], pick: (r: MeasuredRun) => number | undefined) => {
  const values = runs.map((r) => pick(r)).filter((v): v is number => v !== undefined);
  return values.length ? median(values) : undefined;
};
const cpuOf = (runs: readonly MeasuredRun[], name: string) =>
  perRequest(runs, (r) => (r.cpuMs[name] === undefined ? undefined : r.cpuMs[name]! / r.count));
const totalCpu = (runs: readonly MeasuredRun[]) =>
  perRequest(runs, (r) => Object.values(r.cpuMs).reduce((a, b) => a + b, 0) / r.count);
const ms = (v: number | undefined) => (v === undefined ? '-' : fmt.two(v));

/** Part 1: SQLite backend, PostgreSQL backend, forwarder, in rounds. */
async function storesSideBySide(sandbox: { url: string; pid: number }, db: Db, options: BenchOptions) {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const databaseUrl = Object.assign(new URL(db.adminUrl), { pathname: `/${db.name}` }).toString();
  const sqlite = await startTarget({ kind: 'backend', gatewayUrl: sandbox.url, backendEnv: { ...UNLIMITED_RATES } });
  const postgres = await startTarget({
    kind: 'backend',
    gatewayUrl: sandbox.url,
    store: 'postgres',
    databaseUrl,
    backendEnv: { ...UNLIMITED_RATES },
  });
  // the experiment: the same backend with each statement parsed and planned anew (as before nameStatements.ts)
  const unprepared = await startTarget({
    kind: 'backend',
    gatewayUrl: sandbox.url,
    store: 'postgres',
    databaseUrl,
    backendEnv: { ...UNLIMITED_RATES, DATABASE_PREPARED_STATEMENTS: 'off' },
  });
  const forwarder = await startTarget({ kind: 'forwarder', gatewayUrl: sandbox.url });
  try {
    const forms = await captureCheckoutForms(sqlite.url, sandbox.url);
    const payments = async (target: RunningTarget, amount: number, pgDb?: Db) => {
      const sessions = await createSessions(target.url, amount + spare(s.connections));
      return timedRun(
        target.url,
        { target: target.pid, sandbox: sandbox.pid },
        sessionQueue(sessions),
        amount,
        s.connections,
        pgDb,
      );
    };
    const forwarded = (amount: number) => {
      const bodies = Array.from({ length: amount + spare(s.connections) }, forms);
      let i = 0;
      return timedRun(
        forwarder.url,
        { target: forwarder.pid, sandbox: sandbox.pid },
        () => ({
          path: '/forward',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: bodies[Math.min(i++, bodies.length - 1)]!,
        }),
        amount,
        s.connections,
      );
    };
    options.log(`postgres: warm-up (${s.warmup} requests each)`);
    await payments(sqlite, s.warmup);
    await payments(postgres, s.warmup, db);
    await payments(unprepared, s.warmup, db);
    await forwarded(s.warmup);
    const sides = {
      sqlite: () => payments(sqlite, s.amount),
      postgres: () => payments(postgres, s.amount, db),
      unprepared: () => payments(unprepared, s.amount, db),
      forwarder: () => forwarded(s.amount),
    };
    const runs: Record<keyof typeof sides, MeasuredRun[]> = { sqlite: [], postgres: [], unprepared: [], forwarder: [] };
    const order = Object.keys(sides) as (keyof typeof sides)[];
    const loads: number[] = [];
    for (let round = 0; round < s.rounds; round++) {
      // rotate who goes first, so that a drift of the machine favours no side
      for (let k = 0; k < order.length; k++) {
        const side = order[(k + round) % order.length]!;
        runs[side].push(await sides[side]());
      }
      loads.push(loadavg()[0]!);
      options.log(
        `postgres: round ${round + 1}/${s.rounds}: sqlite ${fmt.one(runs.sqlite[round]!.rps)}, postgres ${fmt.one(runs.postgres[round]!.rps)}, unprepared ${fmt.one(runs.unprepared[round]!.rps)}, forwarder ${fmt.one(runs.forwarder[round]!.rps)} req/s`,
      );
    }
    return { runs, loads };
  } finally {
    await Promise.all([sqlite.close(), postgres.close(), unprepared.close(), forwarder.close()]);
  }
}

/** Part 2 and 3: four backends on one schema, proxies in front of 1, 2 and 4 of them; notifications on two. */
async function scaleOut(sandbox: { url: string; pid: number }, db: Db, options: BenchOptions) {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const databaseUrl = Object.assign(new URL(db.adminUrl), { pathname: `/${db.name}` }).toString();
  const backends: RunningTarget[] = [];
  const proxies: RunningProxy[] = [];
  try {
    // one after the other: the first migrates the shared schema
    for (let i = 0; i < Math.max(...SCALES); i++)
      backends.push(
        await startTarget({
          kind: 'backend',
          gatewayUrl: sandbox.url,
          store: 'postgres',
          databaseUrl,
          schema: SHARED_SCHEMA,
          backendEnv: { ...UNLIMITED_RATES },
        }),
      );
    for (const n of SCALES) proxies.push(await startProxy(backends.slice(0, n).map((b) => b.url)));
    const run = async (scale: number, amount: number, connections = s.connections) => {
      const proxy = proxies[SCALES.indexOf(scale as 1)]!;
      const sessions = await createSessions(proxy.url, amount + spare(connections));
      const pids: Record<string, number> = { proxy: proxy.pid, sandbox: sandbox.pid };
      backends.slice(0, scale).forEach((b, i) => {
        pids[`backend ${i + 1}`] = b.pid;
      });
      return timedRun(proxy.url, pids, sessionQueue(sessions), amount, connections, db);
    };
    // every process as warm as the others before anything is timed: through the proxies alone, the first
    // process would get every warm-up and run and the fourth only a quarter of the 4-process runs, and a process
    // whose code V8 has optimised less costs more per payment (a difference of warmth, not of the processes' number)
    const warmEach = s.warmup * SCALE_RUNS.length;
    options.log(
      `scale-out: warm-up (${warmEach} payments straight to each process, then ${s.warmup} through each proxy)`,
    );
    for (const b of backends) {
      const sessions = await createSessions(b.url, warmEach + spare(s.connections));
      await runLoad({ url: b.url, connections: s.connections, amount: warmEach, next: sessionQueue(sessions) });
    }
    for (const n of SCALES) await run(n, s.warmup);
    const runs = new Map<ScaleRun, MeasuredRun[]>(SCALE_RUNS.map((x) => [x, []]));
    for (let r = 0; r < s.scaleRuns; r++) {
      for (let k = 0; k < SCALE_RUNS.length; k++) {
        const x = SCALE_RUNS[(k + r) % SCALE_RUNS.length]!;
        runs.get(x)!.push(await run(x.processes, s.amount, x.connections));
      }
      options.log(
        `scale-out: round ${r + 1}/${s.scaleRuns}: ${SCALE_RUNS.map((x) => `${scaleLabel(x)}: ${fmt.one(runs.get(x)!.at(-1)!.rps)}`).join(', ')} req/s`,
      );
    }
    const notifications = await notificationsOnTwo(backends[0]!, backends[1]!, proxies[1]!, db, options);
    return { runs, notifications };
  } finally {
    await Promise.all([...proxies.map((p) => p.close()), ...backends.map((b) => b.close())]);
  }
}

/**
 * Every PAYMENT notification of `count` pending orders delivered to both processes at the same moment (as a
 * gateway retry that races the first delivery across a load balancer would): each must be applied once.
 */
async function notificationsOnTwo(
  a: RunningTarget,
  b: RunningTarget,
  proxy: RunningProxy,
  db: Db,
  options: BenchOptions,
) {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  options.log(`notifications on two processes: ${s.notifications} orders with a pending card payment (setup)`);
  const sessions = await mapConcurrent(Array.from({ length: s.notifications }), 16, async () => {
    const session = await createSession(proxy.url);
    await payByCard(proxy.url, session);
    return session;
  });
  const batch = `${Date.now().toString(36)}`;
  const bodies = sessions.map((x, i) =>
    signedNotification(
      { gatewayOrderNo: `${x.order_no}-1`, amount: x.amount, currency: x.currency },
      `N${batch}_${i}`,
      `T${batch}_${i}`,
    ),
  );
  const client = new pg.Client({
    connectionString: Object.assign(new URL(db.adminUrl), { pathname: `/${db.name}` }).toString(),
    options: `-c search_path=${SHARED_SCHEMA}`,
  });
  await client.connect();
  try {
    const lastAudit = Number((await client.query('select coalesce(max(id), 0) as id from audit_events')).rows[0].id);
    const deliver = (target: RunningTarget) => {
      let i = 0;
      return runLoad({
        url: target.url,
        connections: s.connections / 2,
        amount: bodies.length,
        next: () => ({
          path: '/hooks/gateway',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: bodies[Math.min(i++, bodies.length - 1)]!,
        }),
      });
    };
    const started = Date.now();
    const [onA, onB] = await Promise.all([deliver(a), deliver(b)]);
    const wallMs = Date.now() - started;
    const count = async (text: string, values: unknown[]) => Number((await client.query(text, values)).rows[0].n);
    const applied = await count(
      `select count(*) as n from notifications where notify_id like $1 and outcome = 'applied'`,
      [`N${batch}\\_%`],
    );
    const stored = await count(`select count(*) as n from notifications where notify_id like $1`, [`N${batch}\\_%`]);
    const transitions = await count(`select count(*) as n from audit_events where id > $1 and kind = 'transition'`, [
      lastAudit,
    ]);
    const authorised = await count(
      `select count(*) as n from orders where order_no = any($1) and status = 'authorised'`,
      [sessions.map((x) => x.order_no)],
    );
    return { count: bodies.length, wallMs, onA, onB, applied, stored, transitions, authorised };
  } finally {
    await client.end();
  }
}

/** Polls `done` every 100 ms until it holds or `deadlineMs` passes; answers whether it held. */
async function pollUntil(done: () => boolean | Promise<boolean>, deadlineMs: number): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Part 4: the shop-event outbox on two processes. Two backend processes as production runs them (server/main.ts,
 * each with its delivery worker, settings at their defaults) on one PostgreSQL schema, one shop endpoint
 * registered: a receiver on loopback that counts events by id. `eventOrders` orders are paid by card through
 * the hosted page (the gateway's notification authorises each: `order.authorised`), half through each process;
 * once those events are written (not necessarily delivered), all orders are captured through the admin API in
 * requests of 100, alternately to A and B (`order.paid` each, written in a burst, often while the order's first
 * event is still on its way): the timed phase, from its first event written to its last delivered. Every event
 * of both phases is then checked: each arrived once, none lost, each order's in the order they were written.
 */
async function shopEventsOnTwo(sandbox: { url: string }, db: Db, options: BenchOptions) {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const deadlineMs = options.quick ? EVENTS_DEADLINE_MS.quick : EVENTS_DEADLINE_MS.full;
  const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const processes: BackendProcess[] = [];
  const client = new pg.Client({ connectionString: databaseUrlOf(db) });
  const counter = await startEventCounter(() => ({ A: processes[0]?.pid ?? 0, B: processes[1]?.pid ?? 0 }));
  try {
    // one after the other: the first migrates the schema
    for (const name of ['a', 'b'])
      processes.push(
        await startBackendProcess({
          gatewayUrl: sandbox.url,
          logFile: join(dir, `backend-${name}.log`),
          // LOG_LEVEL stays at info: the line that says the process listens is an info line
          env: { DATABASE_URL: databaseUrlOf(db) },
          // the origin the benchmark's widget requests carry (lib/shopCalls.ts)
          extraOrigins: ['http://shop.test'],
        }),
      );
    const [a, b] = processes as [BackendProcess, BackendProcess];
    await client.connect();
    await registerShopEndpoint({
      baseUrl: a.url,
      adminToken: DEMO_DEFAULTS.ADMIN_TOKEN,
      url: counter.url,
      types: SHOP_EVENT_TYPES,
    });
    const count = async (type: string) =>
      Number((await client.query('select count(*) as n from shop_events where type = $1', [type])).rows[0].n);
    const arrived = (type: string) => new Set(counter.received.filter((r) => r.type === type).map((r) => r.id)).size;

    options.log(`shop events: ${s.eventOrders} orders paid through the hosted page, half on each process (setup)`);
    const orders = await mapConcurrent(
      Array.from({ length: s.eventOrders }, (_, i) => (i % 2 ? b : a)),
      8,
      async (p) => (await payOrder(p.url)).order_no,
    );
    // written, not yet delivered: the captures' events then queue behind their orders' first ones, which is
    // what the in-order check is about
    const authorisedWritten = await pollUntil(
      async () => (await count('order.authorised')) >= orders.length,
      deadlineMs,
    );

    options.log(`shop events: capturing ${orders.length} orders (timed: the order.paid events)`);
    const chunks = Array.from({ length: Math.ceil(orders.length / 100) }, (_, i) =>
      orders.slice(i * 100, i * 100 + 100),
    );
    const results = (
      await Promise.all(
        chunks.map(async (chunk, i) => {
          const res = await fetch(`${(i % 2 ? b : a).url}/admin/api/orders/capture`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ orders: chunk.map((order_no) => ({ order_no })) }),
          });
          if (res.status !== 200)
            throw new Error(`capture answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
          return ((await res.json()) as { results: BulkResult[] }).results;
        }),
      )
    ).flat();
    const captured = results.filter((r) => r.ok).length;
    const allArrived = await pollUntil(
      async () =>
        (await count('order.paid')) >= captured &&
        arrived('order.paid') >= captured &&
        arrived('order.authorised') >= orders.length,
      deadlineMs,
    );
    // a moment more, so that a duplicate sent late is still seen
    await new Promise((r) => setTimeout(r, 1000));

    const written = (
      await client.query<{ id: string; order_no: string | null; seq: string; type: string; created_at: string }>(
        `select id, order_no, seq, type, created_at from shop_events order by seq`,
      )
    ).rows;
    const check = checkDeliveries(
      written.map((w): WrittenEvent => ({ id: w.id, orderNo: w.order_no, seq: Number(w.seq) })),
      counter.received,
    );
    // the timed phase: its events from the first written to the last delivered
    const paid = written.filter((w) => w.type === 'order.paid');
    const paidIds = new Set(paid.map((w) => w.id));
    const writtenAt = new Map(paid.map((w) => [w.id, Date.parse(w.created_at)]));
    const firstArrival = new Map<string, number>();
    for (const r of counter.received) if (paidIds.has(r.id) && !firstArrival.has(r.id)) firstArrival.set(r.id, r.at);
    const firstWritten = Math.min(...writtenAt.values());
    const lastDelivered = Math.max(...firstArrival.values());
    const latencies = [...firstArrival].map(([id, at]) => at - writtenAt.get(id)!);
    const byProcess = (type: string) => {
      const out: Record<string, number> = {};
      for (const r of counter.received)
        if (r.type === type) out[r.from ?? 'unknown'] = (out[r.from ?? 'unknown'] ?? 0) + 1;
      return out;
    };
    return {
      orders: orders.length,
      captured,
      paidEvents: paid.length,
      paidDelivered: firstArrival.size,
      spanMs: lastDelivered - firstWritten,
      lastWrittenToLastDeliveredMs: lastDelivered - Math.max(...writtenAt.values()),
      latencyP50: latencies.length ? percentile(latencies, 50) : NaN,
      latencyP99: latencies.length ? percentile(latencies, 99) : NaN,
      timedOut: [
        !authorisedWritten && '`order.authorised` not all written',
        !allArrived && 'not all events delivered',
      ].filter(Boolean) as string[],
      check,
      byType: { 'order.authorised': byProcess('order.authorised'), 'order.paid': byProcess('order.paid') },
    };
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await client.end().catch(() => {});
    await counter.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function postgresScaleOut(options: BenchOptions): Promise<BenchResult> {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const key = 'postgresScaleOut';
  const title = '1b. Payments on PostgreSQL, and with several backend processes';
  const adminUrl = await findPostgres();
  if (!adminUrl)
    return {
      key,
      title,
      markdown: '**Not measured**: no PostgreSQL answered (set DATABASE_URL, or run one on 127.0.0.1:5432).',
    };
  const database = await createTestDatabase(adminUrl, 'bench_pg');
  const db = { adminUrl, name: new URL(database.url).pathname.slice(1) };
  const sandbox = await startSandboxProcess();
  try {
    const sides = await storesSideBySide({ url: sandbox.url, pid: sandbox.pid }, db, options);
    const scaled = await scaleOut({ url: sandbox.url, pid: sandbox.pid }, db, options);
    // a database of its own: server/main.ts migrates the default schema, and Kysely's migrator would take the
    // migration tables of the other parts' schemas in this database for its own
    const eventsDatabase = await createTestDatabase(adminUrl, 'bench_events');
    let events: Awaited<ReturnType<typeof shopEventsOnTwo>>;
    try {
      events = await shopEventsOnTwo(
        { url: sandbox.url },
        { adminUrl, name: new URL(eventsDatabase.url).pathname.slice(1) },
        options,
      );
    } finally {
      await eventsDatabase.drop();
    }
    return { key, title, markdown: render(s, sides, scaled, events) };
  } finally {
    await sandbox.close();
    await database.drop();
  }
}

function render(
  s: (typeof SETTINGS)['full'],
  sides: Awaited<ReturnType<typeof storesSideBySide>>,
  scaled: Awaited<ReturnType<typeof scaleOut>>,
  events: Awaited<ReturnType<typeof shopEventsOnTwo>>,
): string {
  const { runs } = sides;
  const ratio = (x: MeasuredRun[]) => median(x.map((r, i) => r.rps / runs.forwarder[i]!.rps));
  const names = ['sqlite', 'postgres', 'unprepared', 'forwarder'] as const;
  const label = {
    sqlite: 'backend on SQLite',
    postgres: 'backend on PostgreSQL',
    unprepared: 'PostgreSQL, statements not prepared',
    forwarder: 'bare forwarder',
  };
  const summary = markdownTable(
    ['', ...names.map((n) => label[n])],
    [
      ['payments/s, median of runs', ...names.map((n) => fmt.one(median(runs[n].map((r) => r.rps))))],
      ['runs', ...names.map((n) => runs[n].map((r) => fmt.one(r.rps)).join(', '))],
      ['latency p50 ms, median', ...names.map((n) => median(runs[n].map((r) => r.p50Ms)))],
      ['latency p99 ms, median', ...names.map((n) => median(runs[n].map((r) => r.p99Ms)))],
      [
        'ratio to the forwarder, median of rounds',
        `**${fmt.two(ratio(runs.sqlite))}**`,
        `**${fmt.two(ratio(runs.postgres))}**`,
        fmt.two(ratio(runs.unprepared)),
        '1',
      ],
    ],
  );
  const cpu = markdownTable(
    ['CPU ms per request, median of runs', ...names.map((n) => label[n])],
    [
      ['the process under load', ...names.map((n) => ms(cpuOf(runs[n], 'target')))],
      ['sandbox', ...names.map((n) => ms(cpuOf(runs[n], 'sandbox')))],
      ['load generator', ...names.map((n) => ms(cpuOf(runs[n], 'load generator')))],
      ['PostgreSQL (the backends of its connections)', ...names.map((n) => ms(cpuOf(runs[n], 'postgres')))],
      ['all', ...names.map((n) => ms(totalCpu(runs[n])))],
    ],
  );
  const backendVsForwarder = (cpuOf(runs.postgres, 'target') ?? NaN) / (cpuOf(runs.forwarder, 'target') ?? NaN);
  const withPg =
    ((cpuOf(runs.postgres, 'target') ?? NaN) + (cpuOf(runs.postgres, 'postgres') ?? NaN)) /
    (cpuOf(runs.forwarder, 'target') ?? NaN);

  const scaleRows = SCALE_RUNS.map((x) => {
    const n = x.processes;
    const r = scaled.runs.get(x)!;
    const backendsCpu = perRequest(
      r,
      (x) =>
        Object.entries(x.cpuMs)
          .filter(([k]) => k.startsWith('backend '))
          .reduce((sum, [, v]) => sum + v, 0) / x.count,
    );
    const each = Array.from({ length: n }, (_, i) => ms(cpuOf(r, `backend ${i + 1}`))).join(' / ');
    return [
      scaleLabel(x),
      `**${fmt.one(median(r.map((y) => y.rps)))}**`,
      r.map((y) => fmt.one(y.rps)).join(', '),
      median(r.map((y) => y.p50Ms)),
      median(r.map((y) => y.p99Ms)),
      `**${ms(backendsCpu)}** (${each})`,
      ms(cpuOf(r, 'postgres')),
      ms(cpuOf(r, 'sandbox')),
      ms(cpuOf(r, 'proxy')),
      ms(cpuOf(r, 'load generator')),
      ms(totalCpu(r)),
    ];
  });
  const scaleTable = markdownTable(
    [
      'backend processes',
      'payments/s, median',
      'runs',
      'p50 ms',
      'p99 ms',
      'backends CPU ms per payment, all (each)',
      'PostgreSQL',
      'sandbox',
      'proxy',
      'load generator',
      'all',
    ],
    scaleRows,
  );
  const preparedRatios = runs.postgres.map((r, i) => r.rps / runs.unprepared[i]!.rps);
  const cpuWith = (k: 'postgres' | 'unprepared', name: string) => ms(cpuOf(runs[k], name));
  const n = scaled.notifications;
  const notes = [
    ...names.map((k) => failureNote(label[k], runs[k])),
    ...SCALE_RUNS.map((x) => failureNote(`${scaleLabel(x)} backend(s)`, scaled.runs.get(x)!)),
    failureNote('notifications on A', [n.onA]),
    failureNote('notifications on B', [n.onB]),
  ].filter(Boolean);
  return [
    `${s.rounds} rounds of ${s.amount} requests on each side at ${s.connections} connections (order rotating each round), after a warm-up of ${s.warmup}.`,
    'The PostgreSQL server is the local one, on the same 2 cores; the benchmark makes a database of its own and reads',
    "the CPU of that database's client backends from /proc (the server's shared WAL writer and checkpointer are not counted).",
    'Every limited request on PostgreSQL counts in the shared rate-limit table (a payment: its two limits, per IP and per session, in one upsert).',
    `Load average (1 min) after each round: ${sides.loads.map(fmt.two).join(', ')}.`,
    '',
    summary,
    '',
    cpu,
    '',
    `Backend CPU per payment on PostgreSQL / forwarder CPU per request: **${fmt.two(backendVsForwarder)}x** (goal <= 2x); counting the PostgreSQL backends' CPU with the backend's: ${fmt.two(withPg)}x.`,
    '',
    '### Experiment: prepared statements on PostgreSQL',
    '',
    `The same backend with \`DATABASE_PREPARED_STATEMENTS=off\` (every statement parsed and planned anew, as before server/store/nameStatements.ts), in the same rounds:`,
    `payments/s prepared / not prepared, per round: ${preparedRatios.map(fmt.two).join(', ')} (median **${fmt.two(median(preparedRatios))}**);`,
    `CPU ms per payment, prepared vs not: backend ${cpuWith('postgres', 'target')} vs ${cpuWith('unprepared', 'target')}, PostgreSQL ${cpuWith('postgres', 'postgres')} vs ${cpuWith('unprepared', 'postgres')}.`,
    '',
    '### Scale-out: backend processes on one PostgreSQL',
    '',
    `${Math.max(...SCALES)} backend processes (server/testing/startBackend, each in its own process) on one PostgreSQL schema; a round-robin TCP proxy`,
    `(bench/lib/roundRobinProxy.ts, its own process) in front of the first 1, 2 or 4; ${s.scaleRuns} rounds of ${s.amount} payments through each, alternating.`,
    `The control rows run one process at the connections each of 2 or 4 processes serves (${s.connections / 2} and ${s.connections / 4}): if its CPU per payment rises as`,
    "the 2 and 4 processes' does, the rise comes from fewer requests per process (less work shared per event-loop turn), not from the processes contending.",
    '',
    scaleTable,
    '',
    '### Notifications on two processes',
    '',
    `${fmt.int(n.count)} pending card payments (made through the proxy); each one's signed PAYMENT notification delivered to **both** processes at once`,
    `(${s.connections / 2} connections to each), as a gateway retry racing the first delivery across a load balancer would.`,
    '',
    markdownTable(
      ['', 'value'],
      [
        ['deliveries', `${fmt.int(n.count * 2)} in ${fmt.seconds(n.wallMs)}`],
        ['notifications applied per second (distinct)', `**${fmt.one(n.count / (n.wallMs / 1000))}**`],
        ['deliveries answered per second (both processes)', fmt.one((2 * n.count) / (n.wallMs / 1000))],
        ['p50 / p99 ms on A', `${n.onA.p50Ms} / ${n.onA.p99Ms}`],
        ['p50 / p99 ms on B', `${n.onB.p50Ms} / ${n.onB.p99Ms}`],
        ['notifications stored (expected one per notify_id)', `${n.stored} of ${n.count}`],
        ['applied (outcome `applied`)', `${n.applied} of ${n.count}`],
        ['state transitions written meanwhile', `${n.transitions} (expected ${n.count}: none twice)`],
        ['orders now `authorised`', `${n.authorised} of ${n.count}`],
      ],
    ),
    '',
    '### Shop events on two processes',
    '',
    ...renderEvents(events),
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
}

function renderEvents(e: Awaited<ReturnType<typeof shopEventsOnTwo>>): string[] {
  const c = e.check;
  const processes = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([k, v]) => `${k}: ${fmt.int(v)}`)
      .join(', ') || '-';
  return [
    'Two backend processes as production runs them (`server/main.ts`, each with its delivery worker, settings at their defaults:',
    'a worker is woken by the events its own process writes and polls every 5 s for the others) on one PostgreSQL schema; one shop',
    'endpoint registered, a receiver on loopback that checks no signature and counts events by id, and tells the sending process',
    `by the connection's source port (/proc). ${fmt.int(e.orders)} orders paid by card through the hosted page, half through each process`,
    "(`order.authorised` from the gateway's notification); once those were written (not necessarily delivered), all captured",
    "through the admin API in requests of 100 sent to A and B alternately (`order.paid`, often while the order's first event",
    'is still on its way, so it must wait for it): the timed phase, from its first event written to its last delivered.',
    '',
    markdownTable(
      ['', 'value'],
      [
        ['orders captured', `${fmt.int(e.captured)} of ${fmt.int(e.orders)}`],
        [
          '`order.paid` events delivered, from the first written to the last delivered',
          `${fmt.int(e.paidDelivered)} of ${fmt.int(e.paidEvents)} in ${fmt.seconds(e.spanMs)}`,
        ],
        ['events delivered per second', `**${fmt.one(e.paidDelivered / (e.spanMs / 1000))}**`],
        ['from the last event written to the last delivered', fmt.seconds(e.lastWrittenToLastDeliveredMs)],
        ['written to delivered, p50 / p99 ms', `${e.latencyP50} / ${e.latencyP99}`],
        ['events written (both phases)', fmt.int(c.written)],
        ['delivered', `${fmt.int(c.delivered)} of ${fmt.int(c.written)}`],
        ['duplicates (expected 0)', `**${c.duplicates}**`],
        ['lost (expected 0)', `**${c.lost}**`],
        ['deliveries of ids never written', c.unexpected],
        [
          'orders whose events arrived out of order (of all orders)',
          `**${c.ordersOutOfOrder}** of ${fmt.int(c.orders)}`,
        ],
        ['`order.authorised` delivered by process', processes(e.byType['order.authorised'])],
        ['`order.paid` delivered by process', processes(e.byType['order.paid'])],
      ],
    ),
    ...(e.timedOut.length ? ['', `**The wait ended before all was done**: ${e.timedOut.join('; ')}.`] : []),
  ];
}

if (isMain(import.meta.url)) runStandalone(postgresScaleOut);
