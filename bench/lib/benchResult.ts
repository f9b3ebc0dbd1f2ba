/** What every benchmark returns: its section of bench/RESULTS.md, as markdown. */
export interface BenchResult {
  /** the section's key in RESULTS.md (`<!-- bench:<key> -->`), e.g. `paymentThroughput` */
  key: string;
  title: string;
  /** the tables and notes, markdown, without the title */
  markdown: string;
}

export interface BenchOptions {
  /** a short run: fewer requests and runs, for a smoke check of the harness */
  quick: boolean;
  /** `--commits=a,b`: the commits bench/paymentPathCommits.ts compares, oldest first (default: its own list) */
  commits?: readonly string[];
  /** `--warmup=N`: payments per side before bench/paymentPathCommits.ts times its rounds (default: its own) */
  warmup?: number;
  /** progress lines go here (stderr), so stdout carries only the tables */
  log: (line: string) => void;
}
