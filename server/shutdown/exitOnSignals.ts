import type { Logger } from '../log';

export interface ExitOnSignalsOptions {
  /** the graceful part; the process exits 0 when it resolves */
  shutdown(): Promise<void>;
  /** after this the process exits 1, whatever is still running */
  timeoutMs: number;
  log: Logger;
  /** seams for tests */
  exit?: (code: number) => void;
  signals?: NodeJS.EventEmitter;
}

/**
 * SIGTERM (or SIGINT) starts a graceful shutdown bounded by `timeoutMs`; a second one exits at once, for an
 * operator who does not want to wait. Exit code 0 only when everything in flight was finished.
 */
export function exitOnSignals(options: ExitOnSignalsOptions): void {
  const { log, timeoutMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? process;
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'shutdown: second signal, exiting now');
      exit(1);
      return;
    }
    stopping = true;
    log.info({ signal, timeoutMs }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown: timed out (SHUTDOWN_TIMEOUT_MS), exiting with work unfinished');
      exit(1);
    }, timeoutMs);
    options.shutdown().then(
      () => {
        clearTimeout(deadline);
        log.info('shut down');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT']) signals.on(signal, () => onSignal(signal));
}
