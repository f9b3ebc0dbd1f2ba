/** Where a command writes: process.stdout or process.stderr, or what a test collects. */
export interface Output {
  write(text: string): unknown;
  /** a terminal: the progress bar redraws its line instead of printing one a step */
  readonly isTTY?: boolean;
}

/** What a command reads its settings from and writes to: the process's own, or a test's (`main(argv, io)`). */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout: Output;
  stderr: Output;
}
