/**
 * `npm run bench [-- --quick] [-- --only=paymentThroughput,widgetSize] [-- --commits=<oldest>,...,<newest>]`: runs
 * the benchmarks one after the other, prints each one's tables, and rewrites its section of bench/RESULTS.md
 * together with the machine and the command (`--commits`: the commits bench/paymentPathCommits.ts compares). A
 * benchmark that fails is reported in its section and the others still run: benchmarks measure, they never fail
 * the build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bulkRefund } from './bulkRefund';
import { fingerprintBlocking } from './fingerprintBlocking';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { benchOptions, parseBenchArgs } from './lib/cli';
import { describeMachine } from './lib/describeMachine';
import { replaceSection } from './lib/replaceSection';
import { lighthouseMobile } from './lighthouseMobile';
import { memory } from './memory';
import { notificationIngest } from './notificationIngest';
import { paymentPathCommits } from './paymentPathCommits';
import { paymentThroughput } from './paymentThroughput';
import { postgresScaleOut } from './postgresScaleOut';
import { widgetEmbed } from './widgetEmbed';
import { widgetSize } from './widgetSize';
import { widgetStartup } from './widgetStartup';

const BENCHMARKS: Record<string, { title: string; run: (options: BenchOptions) => Promise<BenchResult> }> = {
  paymentThroughput: { title: '1. Payment creation throughput', run: paymentThroughput },
  postgresScaleOut: { title: '1b. Payments on PostgreSQL, and with several backend processes', run: postgresScaleOut },
  paymentPathCommits: { title: '1c. The payment path, commit by commit', run: paymentPathCommits },
  notificationIngest: { title: '2. Notification ingestion', run: notificationIngest },
  bulkRefund: { title: '3. Bulk refund through the admin API', run: bulkRefund },
  widgetSize: { title: '4a. Widget size', run: widgetSize },
  widgetStartup: { title: '4b. Widget start-up in Chromium', run: widgetStartup },
  widgetEmbed: { title: '4c. Widget embedded as the README says, as served', run: widgetEmbed },
  fingerprintBlocking: { title: '4d. Blocking time of the fingerprint in Chromium', run: fingerprintBlocking },
  lighthouseMobile: { title: '4e. Mobile Lighthouse on a shop page', run: lighthouseMobile },
  memory: { title: '5. Backend memory under sustained payments', run: memory },
};

const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const { only } = parseBenchArgs(argv);
  const unknown = only.filter((name) => !(name in BENCHMARKS));
  if (unknown.length)
    throw new Error(`unknown benchmark(s): ${unknown.join(', ')} (known: ${Object.keys(BENCHMARKS).join(', ')})`);
  const options = benchOptions(argv);
  const command = `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
  for (const [key, bench] of Object.entries(BENCHMARKS)) {
    if (only.length && !only.includes(key)) continue;
    options.log(`bench: ${key}`);
    const started = Date.now();
    const loadBefore = loadavg()[0]!;
    let result: BenchResult;
    try {
      result = await bench.run(options);
    } catch (e) {
      options.log(`bench: ${key} failed: ${e instanceof Error ? e.stack : String(e)}`);
      const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
      result = {
        key,
        title: bench.title,
        markdown: `**Not measured in the latest run**: the benchmark failed with \`${why}\`.`,
      };
    }
    const tookMs = Date.now() - started;
    const took = tookMs < 120_000 ? `${Math.round(tookMs / 1000)} s` : `${(tookMs / 60_000).toFixed(1)} min`;
    // other work on the machine (a test run, a type check) shows here and explains a noisy run
    const load = `load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`;
    const section = `## ${result.title}\n\n${describeMachine(command)}\n- took ${took}${options.quick ? ' (`--quick`: short runs, for a smoke check only)' : ''}; ${load}\n\n${result.markdown}`;
    process.stdout.write(`${section}\n\n`);
    // written after each benchmark, so an interrupted run keeps what it measured
    writeFileSync(RESULTS, replaceSection(readFileSync(RESULTS, 'utf8'), key, section));
  }
}

main().then(
  // child processes and pools are closed by each benchmark; exit anyway so a stray handle cannot hang the run
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
