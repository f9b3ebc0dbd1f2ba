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
 * `--commits=a,b` for the commits the commit-by-commit benchmark compares, oldest first.
 */
export function parseBenchArgs(argv: readonly string[]): { quick: boolean; only: string[]; commits: string[] } {
  return { quick: argv.includes('--quick'), only: listFlag(argv, 'only'), commits: listFlag(argv, 'commits') };
}

export function benchOptions(argv: readonly string[]): BenchOptions {
  const { quick, commits } = parseBenchArgs(argv);
  return { quick, ...(commits.length ? { commits } : {}), log: (line) => process.stderr.write(`${line}\n`) };
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
