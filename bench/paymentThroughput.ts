/**
 * Benchmark 1: `POST /api/sessions/:id/payments` (card: sign, store, `/v1/checkout`, store, answer) against a
 * bare Hono route that forwards the same gateway form to the same sandbox endpoint: the limit for a thin
 * backend. Both run in their own processes (the load generator is this one), at the same fixed concurrency,
 * alternately, pair after pair; the ratio is taken per pair. Each payment needs its own session (a session is
 * paid once), so sessions are created before each timed run, outside it.
 *
 * Every timed run also reads the CPU time each process used (/proc): the one under load, the sandbox and the load
 * generator, per request. Then a profiling run (a fresh backend under `node --cpu-prof`, its SQLite and gateway
 * calls timed from the inside) to find the slowest step, and pairs of the backend as it is against the backend
 * without one of the improvements (EXPERIMENTS), to measure what each gains.
 *
 * `npx tsx bench/paymentThroughput.ts [--quick]`
 */
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { captureCheckoutForms } from './lib/checkoutForm';
import { isMain, runStandalone } from './lib/cli';
import { fmt, markdownTable } from './lib/markdownTable';
import { failureNote, forwarderRun, paymentRun, runPairs, type MeasuredRun } from './lib/paymentLoad';
import { profileBackend } from './lib/profileBackend';
import { renderProfile, renderSteps } from './lib/renderProfile';
import type { LoadResult } from './lib/runLoad';
import { startTarget, type StartTargetOptions } from './lib/startTarget';
import { median, pairRatios } from './lib/stats';

const SETTINGS = {
  full: { amount: 2000, pairs: 5, warmup: 400, connections: 16, experimentPairs: 4 },
  quick: { amount: 300, pairs: 2, warmup: 100, connections: 16, experimentPairs: 2 },
};
const GOAL = 0.85;

/** Improvements, each measured against a second backend without it (started with the given option). */
const EXPERIMENTS: readonly {
  name: string;
  without: string;
  option: Pick<StartTargetOptions, 'gatewayFetch' | 'inlineCheckpoints'>;
}[] = [
  {
    name: "the gateway client on Node's http (keep-alive)",
    without: 'the gateway client on `fetch`',
    option: { gatewayFetch: true },
  },
  {
    name: 'SQLite WAL checkpoints in a worker thread',
    without: "checkpoints inside commits (SQLite's default)",
    option: { inlineCheckpoints: true },
  },
];

const medianOf = (runs: readonly LoadResult[], pick: (r: LoadResult) => number) => median(runs.map(pick));

function comparison(
  nameA: string,
  a: readonly LoadResult[],
  nameB: string,
  b: readonly LoadResult[],
  ratioLabel: string,
): { table: string; ratios: number[] } {
  const ratios = pairRatios(
    a.map((r) => r.rps),
    b.map((r) => r.rps),
  );
  const summary = markdownTable(
    ['', nameA, nameB],
    [
      [
        'throughput, median of runs',
        `${fmt.one(medianOf(a, (r) => r.rps))} req/s`,
        `${fmt.one(medianOf(b, (r) => r.rps))} req/s`,
      ],
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

/** CPU time per request of each process (median of runs), side by side: where the machine's cores went. */
function cpuTable(nameA: string, a: readonly MeasuredRun[], nameB: string, b: readonly MeasuredRun[]): string {
  const perRequest = (runs: readonly MeasuredRun[], name?: string) =>
    median(
      runs.map((r) => (name ? (r.cpuMs[name] ?? NaN) : Object.values(r.cpuMs).reduce((x, y) => x + y, 0)) / r.count),
    );
  const names = [...new Set([...a, ...b].flatMap((r) => Object.keys(r.cpuMs)))];
  if (!names.length) return '(no CPU times: /proc is not readable here)';
  const label = (name: string) => (name === 'target' ? `the process under load (${nameA} / ${nameB})` : name);
  return markdownTable(
    ['CPU ms per request, median of runs', nameA, nameB],
    [
      ...names.map((n) => [label(n), fmt.two(perRequest(a, n)), fmt.two(perRequest(b, n))]),
      ['all three', fmt.two(perRequest(a)), fmt.two(perRequest(b))],
    ],
  );
}

export async function paymentThroughput(options: BenchOptions): Promise<BenchResult> {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const { log } = options;
  const sandbox = await startSandboxProcess();
  try {
    // 1. the backend route against the bare forwarder
    const backend = await startTarget({ kind: 'backend', gatewayUrl: sandbox.url, backendEnv: { ...UNLIMITED_RATES } });
    const forwarder = await startTarget({ kind: 'forwarder', gatewayUrl: sandbox.url });
    const others = { sandbox: sandbox.pid };
    let main: { a: MeasuredRun[]; b: MeasuredRun[] };
    try {
      const forms = await captureCheckoutForms(backend.url, sandbox.url);
      log(`payments: warm-up (${s.warmup} requests each)`);
      await paymentRun(backend, s.warmup, s.connections);
      await forwarderRun(forwarder, forms, s.warmup, s.connections);
      main = await runPairs(
        s.pairs,
        () => paymentRun(backend, s.amount, s.connections, others),
        () => forwarderRun(forwarder, forms, s.amount, s.connections, others),
        (i, a, b) =>
          log(`payments: pair ${i + 1}/${s.pairs}: backend ${fmt.one(a.rps)} req/s, forwarder ${fmt.one(b.rps)} req/s`),
      );
    } finally {
      await backend.close();
      await forwarder.close();
    }

    // 2. where the time goes
    log(`payments: profiling run (${s.amount} payments under --cpu-prof)`);
    const profiled = await profileBackend(sandbox.url, s.amount, s.warmup, s.connections);

    // 3. each improvement, against a backend without it: pairs, with each backend's CPU time per payment
    const experiments: { a: MeasuredRun[]; b: MeasuredRun[] }[] = [];
    for (const experiment of EXPERIMENTS) {
      const improved = await startTarget({
        kind: 'backend',
        gatewayUrl: sandbox.url,
        backendEnv: { ...UNLIMITED_RATES },
      });
      const baseline = await startTarget({
        kind: 'backend',
        gatewayUrl: sandbox.url,
        backendEnv: { ...UNLIMITED_RATES },
        ...experiment.option,
      });
      try {
        log(`payments: experiment ${experiment.name}`);
        await paymentRun(improved, s.warmup, s.connections);
        await paymentRun(baseline, s.warmup, s.connections);
        experiments.push(
          await runPairs(
            s.experimentPairs,
            () => paymentRun(improved, s.amount, s.connections, others),
            () => paymentRun(baseline, s.amount, s.connections, others),
            (i, a, b) =>
              log(
                `payments: experiment pair ${i + 1}/${s.experimentPairs}: with ${fmt.one(a.rps)} req/s, without ${fmt.one(b.rps)} req/s`,
              ),
          ),
        );
      } finally {
        await baseline.close();
        await improved.close();
      }
    }

    const vsForwarder = comparison('backend route', main.a, 'bare forwarder', main.b, 'ratio backend / forwarder');
    const ratio = median(vsForwarder.ratios);
    const backendCpu = (runs: readonly MeasuredRun[]) => median(runs.map((r) => (r.cpuMs.target ?? NaN) / r.count));
    const notes = [
      failureNote('backend', main.a),
      failureNote('forwarder', main.b),
      failureNote('profiling run', [profiled.run]),
      failureNote(
        'experiments',
        experiments.flatMap((e) => [...e.a, ...e.b]),
      ),
    ].filter(Boolean);
    const markdown = [
      `${s.pairs} pairs of runs of ${s.amount} requests each at ${s.connections} connections, after a warm-up of ${s.warmup} on each side.`,
      'Backend and forwarder each run in their own process, the sandbox in a third, the load generator (autocannon) in this one:',
      'all share the 2 cores, so the absolute figures are those of the whole system on this machine, not of the backend alone.',
      `Ratio backend / forwarder (median of per-pair ratios): **${fmt.two(ratio)}**; goal >= ${GOAL}: **${ratio >= GOAL ? 'met' : 'not met'}**.`,
      '',
      vsForwarder.table,
      '',
      cpuTable('backend route', main.a, 'bare forwarder', main.b),
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
      ...EXPERIMENTS.flatMap((experiment, i) => {
        const { a, b } = experiments[i]!;
        return [
          `### Experiment: ${experiment.name}`,
          '',
          `Two backends side by side, one as it is and one with ${experiment.without}, ${s.experimentPairs} pairs of ${s.amount} payments:`,
          '',
          comparison('as it is', a, `with ${experiment.without}`, b, 'ratio as it is / without').table,
          '',
          `Backend CPU time per payment (median of runs): **${fmt.two(backendCpu(a))} ms** as it is, **${fmt.two(backendCpu(b))} ms** with ${experiment.without}` +
            ` (${fmt.one((1 - backendCpu(a) / backendCpu(b)) * 100)} % less).`,
          '',
        ];
      }),
    ].join('\n');
    return { key: 'paymentThroughput', title: '1. Payment creation throughput', markdown };
  } finally {
    await sandbox.close();
  }
}

if (isMain(import.meta.url)) runStandalone(paymentThroughput);
