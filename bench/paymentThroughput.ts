/**
 * Benchmark 1: `POST /api/sessions/:id/payments` (card: sign, store, `/v1/checkout`, store, answer) against a
 * bare Hono route that forwards the same gateway form to the same sandbox endpoint: the limit for a thin
 * backend. Both run in their own processes (the load generator is this one), at the same fixed concurrency,
 * alternately, pair after pair; the ratio is taken per pair. Each payment needs its own session (a session is
 * paid once), so sessions are created before each timed run, outside it.
 *
 * Then a profiling run (a fresh backend under `node --cpu-prof`, its SQLite and gateway calls timed from the
 * inside) to find the slowest step, and pairs of the backend as it is against the backend with the proposed
 * improvement (EXPERIMENT), to measure what that gains.
 *
 * `npx tsx bench/paymentThroughput.ts [--quick]`
 */
import { startSandbox } from '../e2e/harness/startSandbox';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { captureCheckoutForms } from './lib/checkoutForm';
import { isMain, runStandalone } from './lib/cli';
import { fmt, markdownTable } from './lib/markdownTable';
import { addSteps, failureNote, forwarderRun, paymentRun, runPairs, sqliteMs, timedPaymentRun } from './lib/paymentLoad';
import { profileBackend } from './lib/profileBackend';
import { renderProfile, renderSteps } from './lib/renderProfile';
import type { LoadResult } from './lib/runLoad';
import { startTarget } from './lib/startTarget';
import type { StepTotals } from './lib/stepTimers';
import { median, pairRatios } from './lib/stats';

const SETTINGS = {
  full: { amount: 2000, pairs: 5, warmup: 400, connections: 16, experimentPairs: 4 },
  quick: { amount: 300, pairs: 2, warmup: 100, connections: 16, experimentPairs: 2 },
};
const GOAL = 0.85;

/** The improvement tried on the slowest step, applied to a second backend without editing server/. */
const EXPERIMENT = {
  name: 'SQLite `synchronous = NORMAL`',
  sqlitePragma: 'synchronous = NORMAL',
};

const medianOf = (runs: readonly LoadResult[], pick: (r: LoadResult) => number) => median(runs.map(pick));

function comparison(nameA: string, a: readonly LoadResult[], nameB: string, b: readonly LoadResult[], ratioLabel: string): { table: string; ratios: number[] } {
  const ratios = pairRatios(
    a.map((r) => r.rps),
    b.map((r) => r.rps),
  );
  const summary = markdownTable(
    ['', nameA, nameB],
    [
      ['throughput, median of runs', `${fmt.one(medianOf(a, (r) => r.rps))} req/s`, `${fmt.one(medianOf(b, (r) => r.rps))} req/s`],
      ['latency p50, median of runs', `${medianOf(a, (r) => r.p50Ms)} ms`, `${medianOf(b, (r) => r.p50Ms)} ms`],
      ['latency p99, median of runs', `${medianOf(a, (r) => r.p99Ms)} ms`, `${medianOf(b, (r) => r.p99Ms)} ms`],
      [`${ratioLabel}, median of pairs`, `**${fmt.two(median(ratios))}**`, `pairs: ${ratios.map(fmt.two).join(', ')}`],
    ],
  );
  const pairs = markdownTable(
    ['pair', `${nameA} req/s`, 'p50 ms', 'p99 ms', `${nameB} req/s`, 'p50 ms', 'p99 ms', 'ratio'],
    a.map((x, i) => {
      const y = b[i]!;
      return [i + 1, fmt.one(x.rps), x.p50Ms, x.p99Ms, fmt.one(y.rps), y.p50Ms, y.p99Ms, fmt.two(ratios[i]!)];
    }),
  );
  return { table: `${summary}\n\n${pairs}`, ratios };
}

export async function paymentThroughput(options: BenchOptions): Promise<BenchResult> {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const { log } = options;
  const sandbox = await startSandbox();
  try {
    // 1. the backend route against the bare forwarder
    const backend = await startTarget({ kind: 'backend', gatewayUrl: sandbox.url, backendEnv: { ...UNLIMITED_RATES } });
    const forwarder = await startTarget({ kind: 'forwarder', gatewayUrl: sandbox.url });
    let main: { a: LoadResult[]; b: LoadResult[] };
    try {
      const forms = await captureCheckoutForms(backend.url, sandbox.url);
      log(`payments: warm-up (${s.warmup} requests each)`);
      await paymentRun(backend, s.warmup, s.connections);
      await forwarderRun(forwarder, forms, s.warmup, s.connections);
      main = await runPairs(
        s.pairs,
        () => paymentRun(backend, s.amount, s.connections),
        () => forwarderRun(forwarder, forms, s.amount, s.connections),
        (i, a, b) => log(`payments: pair ${i + 1}/${s.pairs}: backend ${fmt.one(a.rps)} req/s, forwarder ${fmt.one(b.rps)} req/s`),
      );
    } finally {
      await backend.close();
      await forwarder.close();
    }

    // 2. where the time goes
    log(`payments: profiling run (${s.amount} payments under --cpu-prof)`);
    const profiled = await profileBackend(sandbox.url, s.amount, s.warmup, s.connections);

    // 3. the improvement, against the backend as it is; the SQLite time per payment, timed inside each process,
    // shows the gain in the step itself, whatever else the machine is doing
    const baseline = await startTarget({ kind: 'backend', gatewayUrl: sandbox.url, backendEnv: { ...UNLIMITED_RATES }, stepTimers: true });
    const improved = await startTarget({ kind: 'backend', gatewayUrl: sandbox.url, backendEnv: { ...UNLIMITED_RATES }, stepTimers: true, sqlitePragma: EXPERIMENT.sqlitePragma });
    let experiment: { a: LoadResult[]; b: LoadResult[] };
    const steps = { improved: [] as StepTotals[], baseline: [] as StepTotals[] };
    const measured = async (target: typeof baseline, into: StepTotals[]) => {
      const { run, steps: taken } = await timedPaymentRun(target, s.amount, s.connections);
      into.push(taken);
      return run;
    };
    try {
      log(`payments: experiment ${EXPERIMENT.name}`);
      await paymentRun(baseline, s.warmup, s.connections);
      await paymentRun(improved, s.warmup, s.connections);
      experiment = await runPairs(
        s.experimentPairs,
        () => measured(improved, steps.improved),
        () => measured(baseline, steps.baseline),
        (i, a, b) => log(`payments: experiment pair ${i + 1}/${s.experimentPairs}: with ${fmt.one(a.rps)} req/s, without ${fmt.one(b.rps)} req/s`),
      );
    } finally {
      await baseline.close();
      await improved.close();
    }

    const vsForwarder = comparison('backend route', main.a, 'bare forwarder', main.b, 'ratio backend / forwarder');
    const ratio = median(vsForwarder.ratios);
    const vsBaseline = comparison(`with ${EXPERIMENT.name}`, experiment.a, 'as it is', experiment.b, 'ratio with / without');
    const perPayment = (list: StepTotals[], runs: LoadResult[]) => sqliteMs(addSteps(list)) / runs.reduce((n, r) => n + r.count, 0);
    const sqlWith = perPayment(steps.improved, experiment.a);
    const sqlWithout = perPayment(steps.baseline, experiment.b);
    const notes = [failureNote('backend', main.a), failureNote('forwarder', main.b), failureNote('profiling run', [profiled.run]), failureNote('experiment', [...experiment.a, ...experiment.b])].filter(Boolean);
    const markdown = [
      `${s.pairs} pairs of runs of ${s.amount} requests each at ${s.connections} connections, after a warm-up of ${s.warmup} on each side.`,
      'Backend and forwarder each run in their own process, the sandbox in a third, the load generator (autocannon) in this one:',
      'all share the 2 cores, so the absolute figures are those of the whole system on this machine, not of the backend alone.',
      `Ratio backend / forwarder (median of per-pair ratios): **${fmt.two(ratio)}**; goal >= ${GOAL}: **${ratio >= GOAL ? 'met' : 'not met'}**.`,
      '',
      vsForwarder.table,
      '',
      ...(notes.length ? [...notes, ''] : []),
      '### Where a payment spends its time',
      '',
      `A fresh backend, ${fmt.int(profiled.run.count)} payments at ${s.connections} connections (${fmt.one(profiled.run.rps)} req/s while profiled), SQLite and gateway calls timed inside the process:`,
      '',
      renderSteps(profiled, s.connections),
      '',
      renderProfile(profiled),
      '',
      `### Experiment: ${EXPERIMENT.name}`,
      '',
      `Two backends side by side, one with \`PRAGMA ${EXPERIMENT.sqlitePragma}\` run on its store after start-up, ${s.experimentPairs} pairs of ${s.amount} payments:`,
      '',
      vsBaseline.table,
      '',
      `SQLite time on the event loop per payment (timed inside each backend, all pairs): **${fmt.two(sqlWith)} ms** with, **${fmt.two(sqlWithout)} ms** as it is` +
        ` (${fmt.one((1 - sqlWith / sqlWithout) * 100)} % less).`,
    ].join('\n');
    return { key: 'paymentThroughput', title: '1. Payment creation throughput', markdown };
  } finally {
    await sandbox.close();
  }
}

if (isMain(import.meta.url)) runStandalone(paymentThroughput);
