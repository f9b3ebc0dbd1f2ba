/**
 * Benchmark 1b: the production path. Payment creation on PostgreSQL beside SQLite and the bare forwarder, in
 * rounds of the three (the order rotating each round), with the CPU time per payment of every process: the one
 * under load, the sandbox, the load generator and the PostgreSQL backends serving the benchmark's database.
 * Then scale-out: 4 backend processes on one PostgreSQL schema behind round-robin TCP proxies in front of 1, 2
 * and 4 of them, runs alternating between the three; then notifications delivered to two processes at once.
 *
 * `npx tsx bench/postgresScaleOut.ts [--quick]`
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { createTestDatabase } from '../testing/createTestDatabase';
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { captureCheckoutForms } from './lib/checkoutForm';
import { isMain, runStandalone } from './lib/cli';
import { findPostgres } from './lib/findPostgres';
import { mapConcurrent } from './lib/mapConcurrent';
import { fmt, markdownTable } from './lib/markdownTable';
import { failureNote, type MeasuredRun, sessionQueue } from './lib/paymentLoad';
import { runLoad } from './lib/runLoad';
import { createSession, createSessions, payByCard } from './lib/shopCalls';
import { signedNotification } from './lib/signedNotification';
import { startProxy, type RunningProxy } from './lib/startProxy';
import { startTarget, type RunningTarget } from './lib/startTarget';
import { median } from './lib/stats';
import { type BenchDatabase, timedRun } from './lib/timedRun';

const SETTINGS = {
  full: { amount: 1000, rounds: 4, warmup: 200, connections: 16, scaleRuns: 3, notifications: 1000 },
  quick: { amount: 300, rounds: 1, warmup: 100, connections: 16, scaleRuns: 1, notifications: 200 },
};
/** the schema the scale-out backends share in the benchmark's own database */
const SHARED_SCHEMA = 'bench_shared';
const SCALES = [1, 2, 4] as const;

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
    const run = async (scale: number, amount: number) => {
      const proxy = proxies[SCALES.indexOf(scale as 1)]!;
      const sessions = await createSessions(proxy.url, amount + spare(s.connections));
      const pids: Record<string, number> = { proxy: proxy.pid, sandbox: sandbox.pid };
      backends.slice(0, scale).forEach((b, i) => {
        pids[`backend ${i + 1}`] = b.pid;
      });
      return timedRun(proxy.url, pids, sessionQueue(sessions), amount, s.connections, db);
    };
    options.log(`scale-out: warm-up (${s.warmup} payments through each proxy)`);
    for (const n of SCALES) await run(n, s.warmup);
    const runs = new Map<number, MeasuredRun[]>(SCALES.map((n) => [n, []]));
    for (let r = 0; r < s.scaleRuns; r++) {
      for (let k = 0; k < SCALES.length; k++) {
        const n = SCALES[(k + r) % SCALES.length]!;
        runs.get(n)!.push(await run(n, s.amount));
      }
      options.log(
        `scale-out: round ${r + 1}/${s.scaleRuns}: ${SCALES.map((n) => `${n}: ${fmt.one(runs.get(n)!.at(-1)!.rps)}`).join(', ')} req/s`,
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
    return { key, title, markdown: render(s, sides, scaled) };
  } finally {
    await sandbox.close();
    await database.drop();
  }
}

function render(
  s: (typeof SETTINGS)['full'],
  sides: Awaited<ReturnType<typeof storesSideBySide>>,
  scaled: Awaited<ReturnType<typeof scaleOut>>,
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

  const scaleRows = SCALES.map((n) => {
    const r = scaled.runs.get(n)!;
    const backendsCpu = perRequest(
      r,
      (x) =>
        Object.entries(x.cpuMs)
          .filter(([k]) => k.startsWith('backend '))
          .reduce((sum, [, v]) => sum + v, 0) / x.count,
    );
    const each = Array.from({ length: n }, (_, i) => ms(cpuOf(r, `backend ${i + 1}`))).join(' / ');
    return [
      n,
      `**${fmt.one(median(r.map((x) => x.rps)))}**`,
      r.map((x) => fmt.one(x.rps)).join(', '),
      median(r.map((x) => x.p50Ms)),
      median(r.map((x) => x.p99Ms)),
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
    ...SCALES.map((k) => failureNote(`${k} backend(s)`, scaled.runs.get(k)!)),
    failureNote('notifications on A', [n.onA]),
    failureNote('notifications on B', [n.onB]),
  ].filter(Boolean);
  return [
    `${s.rounds} rounds of ${s.amount} requests on each side at ${s.connections} connections (order rotating each round), after a warm-up of ${s.warmup}.`,
    'The PostgreSQL server is the local one, on the same 2 cores; the benchmark makes a database of its own and reads',
    "the CPU of that database's client backends from /proc (the server's shared WAL writer and checkpointer are not counted).",
    'Every limited request on PostgreSQL counts in the shared rate-limit table (a payment: 2 upserts, per IP and per session).',
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
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
}

if (isMain(import.meta.url)) runStandalone(postgresScaleOut);
