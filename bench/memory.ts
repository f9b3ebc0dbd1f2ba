/**
 * Benchmark 5: the backend's memory while it creates payments, up to 100,000, sampled (after a forced garbage
 * collection) every 10,000, so the curve shows whether anything grows without bound. Bounded in time: on 2
 * cores 100,000 payments take longer than the run may, so it stops at the time limit and says how far it got.
 *
 * `npx tsx bench/memory.ts [--quick]`
 */
import { startSandboxProcess } from '../testing/startSandboxProcess';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { isMain, runStandalone } from './lib/cli';
import { fmt, markdownTable } from './lib/markdownTable';
import { failureNote, paymentRun } from './lib/paymentLoad';
import type { LoadResult } from './lib/runLoad';
import { startTarget } from './lib/startTarget';

const SETTINGS = {
  full: { total: 100_000, every: 10_000, limitMs: 12 * 60_000, warmup: 500, connections: 16 },
  quick: { total: 4_000, every: 1_000, limitMs: 2 * 60_000, warmup: 200, connections: 16 },
};

interface Sample {
  payments: number;
  elapsedMs: number;
  rss: number;
  heapUsed: number;
  external: number;
}

export async function memory(options: BenchOptions): Promise<BenchResult> {
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  const sandbox = await startSandboxProcess();
  const backend = await startTarget({ kind: 'backend', gatewayUrl: sandbox.url, backendEnv: { ...UNLIMITED_RATES } });
  const samples: Sample[] = [];
  const runs: LoadResult[] = [];
  try {
    const started = Date.now();
    const sample = async (payments: number) => {
      const m = await backend.memory();
      samples.push({
        payments,
        elapsedMs: Date.now() - started,
        rss: m.rss,
        heapUsed: m.heapUsed,
        external: m.external,
      });
      options.log(`memory: ${fmt.int(payments)} payments, rss ${fmt.mb(m.rss)}, heap ${fmt.mb(m.heapUsed)}`);
    };
    // the first sample after a warm-up: code loaded, caches filled, JIT done
    await paymentRun(backend, s.warmup, s.connections);
    await sample(0);
    let done = 0;
    while (done < s.total && Date.now() - started < s.limitMs) {
      const run = await paymentRun(backend, Math.min(s.every, s.total - done), s.connections);
      runs.push(run);
      done += run.count;
      await sample(done);
    }
  } finally {
    await backend.close();
    await sandbox.close();
  }

  const first = samples[0]!;
  const last = samples.at(-1)!;
  const half = samples[Math.floor(samples.length / 2)]!;
  const perStep = (a: Sample, b: Sample) =>
    b.payments === a.payments ? 0 : ((b.rss - a.rss) / (b.payments - a.payments)) * s.every;
  const table = markdownTable(
    ['payments', 'elapsed', 'RSS', 'heap used', 'external (buffers)'],
    samples.map((x) => [
      fmt.int(x.payments),
      fmt.seconds(x.elapsedMs),
      fmt.mb(x.rss),
      fmt.mb(x.heapUsed),
      fmt.mb(x.external),
    ]),
  );
  const reached = last.payments >= s.total;
  const note = failureNote('payments', runs);
  const markdown = [
    `Card payments through \`POST /api/sessions/:id/payments\` at ${s.connections} connections against the sandbox, each on its own session (created through the API just before each block), memory read in the backend's process after \`gc()\` (\`--expose-gc\`).`,
    reached
      ? `All ${fmt.int(s.total)} payments done in ${fmt.seconds(last.elapsedMs)}.`
      : `**${fmt.int(last.payments)} of ${fmt.int(s.total)} payments done**: the run stops at its time limit of ${s.limitMs / 60_000} min (payments run at the sandbox's pace on 2 cores).`,
    '',
    table,
    '',
    `RSS from the first to the last sample: ${fmt.mb(first.rss)} -> ${fmt.mb(last.rss)}; over the second half of the run ${fmt.mb(perStep(half, last))} per ${fmt.int(s.every)} payments` +
      ` (heap used ${fmt.mb(half.heapUsed)} -> ${fmt.mb(last.heapUsed)}).`,
    ...(note ? ['', note] : []),
  ].join('\n');
  return { key: 'memory', title: '5. Backend memory under sustained payments', markdown };
}

if (isMain(import.meta.url)) runStandalone(memory);
