import { pathToFileURL } from 'node:url';
import type { BenchOptions, BenchResult } from './benchResult';

/** The command-line flags every benchmark understands: `--quick` for a short run. */
export function parseBenchArgs(argv: readonly string[]): { quick: boolean; only: string[] } {
  const only = argv.filter((a) => a.startsWith('--only=')).flatMap((a) => a.slice('--only='.length).split(','));
  return { quick: argv.includes('--quick'), only: only.filter(Boolean) };
}

export function benchOptions(argv: readonly string[]): BenchOptions {
  return { quick: parseBenchArgs(argv).quick, log: (line) => process.stderr.write(`${line}\n`) };
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
