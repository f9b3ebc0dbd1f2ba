import { pathToFileURL } from 'node:url';
import type { BenchOptions, BenchResult } from './benchResult';

/** The values of `--<name>=a,b` (the flag may be repeated), in order, empty ones left out. */
function listFlag(argv: readonly string[], name: string): string[] {
  const prefix = `--${name}=`;
  return argv
    .filter((a) => a.startsWith(prefix))
    .flatMap((a) => a.slice(prefix.length).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The command-line flags of the benchmarks: `--quick` for a short run, `--only=a,b` to pick benchmarks (run.ts),
 * `--commits=a,b` for the commits the commit-by-commit benchmark compares, oldest first, `--warmup=N` for the
 * payments each of its sides makes before the timed rounds. A `--warmup` that is not a whole number from 1 to
 * 100,000 throws, naming the flag.
 */
export function parseBenchArgs(argv: readonly string[]): {
  quick: boolean;
  only: string[];
  commits: string[];
  warmup?: number;
} {
  const warmups = listFlag(argv, 'warmup');
  const last = warmups.at(-1);
  if (last !== undefined && !(/^\d+$/.test(last) && Number(last) >= 1 && Number(last) <= 100_000))
    throw new Error(`--warmup: must be a whole number of payments from 1 to 100000, not ${JSON.stringify(last)}`);
  return {
    quick: argv.includes('--quick'),
    only: listFlag(argv, 'only'),
    commits: listFlag(argv, 'commits'),
    ...(last === undefined ? {} : { warmup: Number(last) }),
  };
}

export function benchOptions(argv: readonly string[]): BenchOptions {
  const { quick, commits, warmup } = parseBenchArgs(argv);
  return {
    quick,
    ...(commits.length ? { commits } : {}),
    ...(warmup === undefined ? {} : { warmup }),
    log: (line) => process.stderr.write(`${line}\n`),
  };
}

/** Is `moduleUrl` the script node was started with (`npx tsx bench/<name>.ts`)? */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;
}

/** Runs one benchmark as a script: its table goes to stdout; RESULTS.md is bench/run.ts's to rewrite. */
export function runStandalone(bench: (options: BenchOptions) => Promise<BenchResult>): void {
  bench(benchOptions(process.argv.slice(2))).then(
    (result) => {
      process.stdout.write(`## ${result.title}\n\n${result.markdown}\n`);
      // child processes and pools are closed by each benchmark; exit anyway so a stray handle cannot hang the run
      process.exit(0);
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
      process.exit(1);
    },
  );
}
