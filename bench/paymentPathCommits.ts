/**
 * Benchmark 1c: the payment path, commit by commit. Each commit of a list is checked out as a detached worktree
 * (lib/checkoutAt.ts) and runs its own backend process (its own bench/lib/targetProcess.ts and server code), on
 * SQLite and on PostgreSQL (a fresh schema each, migrated by that commit), beside the bare forwarder of this
 * checkout; all of them in rounds whose order rotates, so every improvement is measured in pairs against the
 * commit before it, and no switch for the old behaviour has to stay in the product.
 *
 * Per side: payments/s, p50/p99, the CPU time per payment of the backend, the sandbox, the load generator and (on
 * PostgreSQL) the PostgreSQL backends serving the benchmark's database; on SQLite the statements per payment
 * (the driver's calls counted inside the backend, lib/stepTimers.ts). For each commit after the first, per store:
 * the median of the per-round ratios to the previous commit (payments/s, backend CPU and PostgreSQL CPU per
 * payment).
 *
 * A commit is what git holds: `HEAD` is the last commit, not the working tree's uncommitted changes. A commit
 * whose bench/lib/targetProcess.ts cannot run a PostgreSQL backend or count statements is too old for this.
 *
 * `npx tsx bench/paymentPathCommits.ts [--quick] [--commits=<oldest>,...,<newest>] [--warmup=<payments per side>]`
 *
 * The warm-up (200 payments per side by default) leaves the JIT still optimising during the first rounds: in a
 * run of 2026-11-28 the round-5 backend kept getting cheaper for some 3,000 payments while the backend before it
 * did not (bench/RESULTS.md, round 5, fourth session). `--warmup=3000` measures both in the steady state a
 * long-running server is in; the default keeps runs comparable with the earlier ones.
 */
import { loadavg } from 'node:os';
import { createTestDatabase, type TestDatabase } from '../testing/createTestDatabase';
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { captureCheckoutForms } from './lib/checkoutForm';
import { type Checkout, checkoutAt, removeCheckouts } from './lib/checkoutAt';
import { isMain, runStandalone } from './lib/cli';
import { findPostgres } from './lib/findPostgres';
import { fmt, markdownTable } from './lib/markdownTable';
import { failureNote, type MeasuredRun, sessionQueue } from './lib/paymentLoad';
import { ratiosToPrevious } from './lib/ratiosToPrevious';
import { createSessions } from './lib/shopCalls';
import { startTarget, type RunningTarget } from './lib/startTarget';
import { median } from './lib/stats';
import {
  type BenchDatabase,
  cpuPerRequest,
  databaseUrlOf,
  medianOfRuns,
  timedRun,
  totalCpuPerRequest,
} from './lib/timedRun';

/**
 * The commits compared when `--commits` is not given, oldest first: each one's gain is measured against the one
 * before it. Round 5 of bench/RESULTS.md (#36): the backend's CPU per payment, one step per commit.
 */
const DEFAULT_COMMITS: readonly string[] = [
  'f1596ba', // before round 5: SQLite through libsql, every statement built and compiled by Kysely per call
  // better-sqlite3 12 (442cf29), every statement of a card payment compiled once (fb47d4d), the gateway answer's
  // parse and masking (4efb222; each measured in the run of 2026-11-28T02:33Z), then the widget's CORS headers set
  // before the route answers (an /api answer no longer rebuilt as a WHATWG Response with a stream body), the frame
  // link's token from the ids' random pool
  '8dae695',
  // the loading page read by a scan instead of a pattern tried at every character, the shopper fields inside
  // gateway fields found once, URLs without a NUL not parsed, the audit index by actor partial (migration 025)
  '221457e',
  // on PostgreSQL a transaction's begin, its audit lines, the new attempt and the order sent travel with its next
  // statement: 7 round trips a card payment instead of 13 (server/store/pipelineStatements.ts)
  'd72f9a0',
];

const SETTINGS = {
  full: { amount: 1000, rounds: 4, warmup: 200, connections: 16 },
  quick: { amount: 200, rounds: 1, warmup: 50, connections: 16 },
};

/** autocannon builds a request ahead on each connection: a run needs a few more sessions than responses */
const spare = (connections: number) => 2 * connections + 4;

type Store = 'sqlite' | 'postgres';

interface Side {
  name: string;
  /** index into the commits; undefined for the forwarder */
  commit?: number;
  store?: Store;
  target: RunningTarget;
  runs: MeasuredRun[];
  /** SQLite statements per payment, per run (SQLite sides only) */
  statements: number[];
}

export async function paymentPathCommits(options: BenchOptions): Promise<BenchResult> {
  const base = options.quick ? SETTINGS.quick : SETTINGS.full;
  const s = options.warmup === undefined ? base : { ...base, warmup: options.warmup };
  const key = 'paymentPathCommits';
  const title = '1c. The payment path, commit by commit';
  const refs = options.commits?.length ? options.commits : DEFAULT_COMMITS;
  const { log } = options;

  const sides: Side[] = [];
  let database: TestDatabase | undefined;
  const sandbox = await startSandboxProcess();
  try {
    const commits: Checkout[] = [];
    for (const ref of refs) {
      log(`commits: checking out ${ref}`);
      commits.push(await checkoutAt(ref));
    }
    const adminUrl = await findPostgres();
    let db: BenchDatabase | undefined;
    if (adminUrl) {
      database = await createTestDatabase(adminUrl, 'bench_commits');
      db = { adminUrl, name: new URL(database.url).pathname.slice(1) };
    }
    const stores: Store[] = db ? ['sqlite', 'postgres'] : ['sqlite'];
    for (const [i, c] of commits.entries())
      for (const store of stores) {
        log(`commits: starting ${c.ref} (${c.commit.slice(0, 8)}) on ${store}`);
        const target = await startTarget({
          kind: 'backend',
          gatewayUrl: sandbox.url,
          checkoutDir: c.dir,
          store,
          ...(store === 'postgres' ? { databaseUrl: databaseUrlOf(db!) } : {}),
          // counts the SQLite statements inside the process (a timer around each SQLite call: well under 1 % of a
          // payment's CPU, the same on every commit)
          stepTimers: store === 'sqlite',
          backendEnv: { ...UNLIMITED_RATES },
        });
        sides.push({ name: `${c.ref} ${store}`, commit: i, store, target, runs: [], statements: [] });
      }
    const forwarder = await startTarget({ kind: 'forwarder', gatewayUrl: sandbox.url });
    sides.push({ name: 'forwarder', target: forwarder, runs: [], statements: [] });

    const forms = await captureCheckoutForms(sides[0]!.target.url, sandbox.url);
    const run = async (side: Side, amount: number): Promise<MeasuredRun> => {
      const pids = { target: side.target.pid, sandbox: sandbox.pid };
      if (!side.store) {
        const bodies = Array.from({ length: amount + spare(s.connections) }, forms);
        let i = 0;
        const next = () => ({
          path: '/forward',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: bodies[Math.min(i++, bodies.length - 1)]!,
        });
        return timedRun(side.target.url, pids, next, amount, s.connections);
      }
      const sessions = await createSessions(side.target.url, amount + spare(s.connections));
      // the sessions' statements are not the payments': the counts start here (an older commit's target that
      // cannot count answers nothing: its statements are left blank)
      const steps = () => side.target.steps().catch(() => undefined);
      if (side.store === 'sqlite') await steps();
      const measured = await timedRun(
        side.target.url,
        pids,
        sessionQueue(sessions),
        amount,
        s.connections,
        side.store === 'postgres' ? db : undefined,
      );
      const counted = side.store === 'sqlite' ? await steps() : undefined;
      const statements = counted ? Object.values(counted.sql).reduce((n, k) => n + k.count, 0) : 0;
      if (statements) side.statements.push(statements / measured.count);
      return measured;
    };

    log(`commits: warm-up (${s.warmup} requests on each of ${sides.length} sides)`);
    for (const side of sides) await run(side, s.warmup);
    for (const side of sides) side.statements.length = 0;
    const loads: number[] = [];
    for (let round = 0; round < s.rounds; round++) {
      // rotate who goes first, so that a drift of the machine favours no side
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(k + round) % sides.length]!;
        side.runs.push(await run(side, s.amount));
      }
      loads.push(loadavg()[0]!);
      log(
        `commits: round ${round + 1}/${s.rounds}: ${sides.map((x) => `${x.name} ${fmt.one(x.runs[round]!.rps)}`).join(', ')} req/s`,
      );
    }
    return { key, title, markdown: render(s, commits, sides, loads, Boolean(db)) };
  } finally {
    await Promise.all(sides.map((x) => x.target.close()));
    await sandbox.close();
    await database?.drop();
    removeCheckouts();
  }
}

const ms = (v: number | undefined) => (v === undefined ? '-' : fmt.two(v));
const ratio = (v: number | undefined) => (v === undefined ? '-' : fmt.two(v));

function render(
  s: (typeof SETTINGS)['full'],
  commits: readonly Checkout[],
  sides: readonly Side[],
  loads: readonly number[],
  withPostgres: boolean,
): string {
  const forwarder = sides.find((x) => !x.store)!;
  const label = (c: Checkout) => `\`${c.ref}\` ${c.commit.slice(0, 8)}`;
  const storeTable = (store: Store) => {
    const of = sides.filter((x) => x.store === store).sort((a, b) => a.commit! - b.commit!);
    const rps = ratiosToPrevious(of.map((x) => x.runs.map((r) => r.rps)));
    const backendCpu = ratiosToPrevious(of.map((x) => x.runs.map((r) => cpuPerRequest(r, 'target'))));
    const pgCpu = ratiosToPrevious(of.map((x) => x.runs.map((r) => cpuPerRequest(r, 'postgres'))));
    const vsForwarder = (x: Side) => median(x.runs.map((r, i) => r.rps / forwarder.runs[i]!.rps));
    const rows = of.map((x, i) => {
      const previous = i === 0 ? undefined : { rps: rps[i - 1]!, cpu: backendCpu[i - 1]!, pg: pgCpu[i - 1]! };
      const pairs = (r: { rounds: number[] }) => r.rounds.map(fmt.two).join(', ');
      return [
        label(commits[x.commit!]!),
        `**${fmt.one(median(x.runs.map((r) => r.rps)))}**`,
        x.runs.map((r) => fmt.one(r.rps)).join(', '),
        median(x.runs.map((r) => r.p50Ms)),
        median(x.runs.map((r) => r.p99Ms)),
        `**${ms(medianOfRuns(x.runs, (r) => cpuPerRequest(r, 'target')))}**`,
        ...(store === 'postgres' ? [ms(medianOfRuns(x.runs, (r) => cpuPerRequest(r, 'postgres')))] : []),
        ms(medianOfRuns(x.runs, (r) => cpuPerRequest(r, 'sandbox'))),
        ms(medianOfRuns(x.runs, (r) => cpuPerRequest(r, 'load generator'))),
        ms(medianOfRuns(x.runs, totalCpuPerRequest)),
        ...(store === 'sqlite' ? [x.statements.length ? fmt.one(median(x.statements)) : '-'] : []),
        fmt.two(vsForwarder(x)),
        previous ? `**${ratio(previous.rps.median)}** (${pairs(previous.rps)})` : '-',
        previous ? `**${ratio(previous.cpu.median)}** (${pairs(previous.cpu)})` : '-',
        ...(store === 'postgres' ? [previous ? `**${ratio(previous.pg.median)}** (${pairs(previous.pg)})` : '-'] : []),
      ];
    });
    return markdownTable(
      [
        'commit',
        'payments/s, median',
        'runs',
        'p50 ms',
        'p99 ms',
        'backend CPU ms per payment',
        ...(store === 'postgres' ? ['PostgreSQL CPU ms'] : []),
        'sandbox',
        'load generator',
        'all',
        ...(store === 'sqlite' ? ['SQLite statements per payment'] : []),
        'payments/s / forwarder',
        'payments/s / previous commit (rounds)',
        'backend CPU / previous (rounds)',
        ...(store === 'postgres' ? ['PostgreSQL CPU / previous (rounds)'] : []),
      ],
      rows,
    );
  };
  const commitList = markdownTable(
    ['', 'commit', 'subject'],
    commits.map((c) => [
      `\`${c.ref}\``,
      c.commit.slice(0, 12),
      c.subject.length > 120 ? `${c.subject.slice(0, 117)}...` : c.subject,
    ]),
  );
  const notes = sides.map((x) => failureNote(x.name, x.runs)).filter(Boolean);
  return [
    `${commits.length} commit(s), oldest first; each runs its own backend process from a detached worktree of that commit (its own`,
    'bench/lib/targetProcess.ts and server code, migrating its own fresh SQLite file and PostgreSQL schema), beside the bare forwarder',
    `of the running checkout. ${s.rounds} round(s) of ${s.amount} payments on each side at ${s.connections} connections (order rotating each round), after a`,
    `warm-up of ${s.warmup}. A ratio to the previous commit is taken round by round (the two runs close in time), then the median;`,
    'a CPU ratio under 1 means the later commit spends less per payment. CPU per payment is read from /proc around each run;',
    "PostgreSQL's is that of the client backends serving the benchmark's database (its shared WAL writer and checkpointer are not counted).",
    `Load average (1 min) after each round: ${loads.map(fmt.two).join(', ')}.`,
    '',
    commitList,
    '',
    '### On SQLite',
    '',
    storeTable('sqlite'),
    '',
    '### On PostgreSQL',
    '',
    withPostgres
      ? storeTable('postgres')
      : '**Not measured**: no PostgreSQL answered (set DATABASE_URL, or run one on 127.0.0.1:5432).',
    '',
    `Bare forwarder: ${fmt.one(median(forwarder.runs.map((r) => r.rps)))} requests/s (runs ${forwarder.runs.map((r) => fmt.one(r.rps)).join(', ')}), ` +
      `${ms(medianOfRuns(forwarder.runs, (r) => cpuPerRequest(r, 'target')))} ms of CPU per request.`,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
}

if (isMain(import.meta.url)) runStandalone(paymentPathCommits);
