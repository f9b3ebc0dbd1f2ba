export interface Worker {
  /** run a pass now instead of at the next tick (after something was enqueued) */
  wake(): void;
  /** stops ticking and waits for the pass in progress */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs`, one pass at a time, until stopped. Errors are logged and the ticking goes on:
 * a failing database or merchant must not stop the delivery of everything else.
 */
export function startWorker(
  pass: () => Promise<void>,
  intervalMs: number,
  log: (message: string, detail?: Record<string, unknown>) => void,
): Worker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }
  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((e: unknown) => log('worker pass failed', { error: e instanceof Error ? e.stack : String(e) }))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : intervalMs);
        again = false;
      });
  }
  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
