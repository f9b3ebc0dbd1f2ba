/**
 * The device fingerprint (FingerprintJS v5, open-source, bundled as its own lazy chunk: never from a CDN). Its
 * chunk is the largest after the entry, so it must not compete with the first render: it is started once the
 * form is shown (the widget's `ready`), when the browser is next idle or at the shopper's first interaction,
 * whichever comes first. A submit awaits it for a short time at most: a blocked or slow fingerprint leaves the
 * field empty and never holds up a payment.
 */
export interface FingerprintSource {
  /** Schedules the computation for idle time or the first interaction; later calls reuse the first. */
  start(): Promise<string>;
  /** The fingerprint if it is ready within `timeoutMs`, else ''. Starts it at once if it has not begun. */
  read(timeoutMs: number): Promise<string>;
}

/** Events that mean the shopper is using the form: the fingerprint should be under way before Pay. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Runs `run` once: when the browser is idle (at most 2 s on a busy one) or at the first interaction. */
function whenIdleOrUsed(win: Window, run: () => void): void {
  // held once: the fallback timer may fire after the page (or a test's window) has let go of its document
  const doc = win.document;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of INTERACTIONS) doc.removeEventListener(type, once, true);
    run();
  };
  for (const type of INTERACTIONS) doc.addEventListener(type, once, { capture: true, passive: true });
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(once, { timeout: 2000 });
  else win.setTimeout(once, 200);
}

export function createFingerprintSource(win: Window, compute: () => Promise<string>): FingerprintSource {
  let computing: Promise<string> | undefined;
  let scheduled: Promise<string> | undefined;
  const now = () => (computing ??= compute().catch(() => ''));
  const start = () => (scheduled ??= new Promise<string>((resolve) => whenIdleOrUsed(win, () => resolve(now()))));
  return {
    start,
    read(timeoutMs) {
      // Pay before idle time came: the shopper is waiting, so compute now rather than on the idle schedule
      const running = now();
      return new Promise((resolve) => {
        const timer = win.setTimeout(() => resolve(''), timeoutMs);
        void running.then((id) => {
          win.clearTimeout(timer);
          resolve(id);
        });
      });
    },
  };
}
