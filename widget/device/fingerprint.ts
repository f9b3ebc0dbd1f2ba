/**
 * The device fingerprint (FingerprintJS v5, open-source, bundled as its own lazy chunk: never from a CDN). It is
 * started when the browser is idle after the widget mounts and awaited at submit for a short time at most: a
 * blocked or slow fingerprint leaves the field empty and never holds up a payment.
 */
export interface FingerprintSource {
  /** Starts the computation when the browser is idle; later calls reuse the first. */
  start(): Promise<string>;
  /** The fingerprint if it is ready within `timeoutMs`, else ''. */
  read(timeoutMs: number): Promise<string>;
}

async function computeFingerprint(): Promise<string> {
  const FingerprintJS = await import('@fingerprintjs/fingerprintjs');
  // monitoring: false: the agent would otherwise send a usage-statistics request to a third party.
  const agent = await FingerprintJS.load({ monitoring: false });
  const { visitorId } = await agent.get();
  return visitorId.slice(0, 128);
}

function whenIdle(win: Window, run: () => void): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2000 });
  else win.setTimeout(run, 200);
}

export function createFingerprintSource(
  win: Window,
  compute: () => Promise<string> = computeFingerprint,
): FingerprintSource {
  let pending: Promise<string> | undefined;
  const start = () =>
    (pending ??= new Promise<string>((resolve) => {
      whenIdle(win, () => {
        compute().then(resolve, () => resolve(''));
      });
    }));
  return {
    start,
    read(timeoutMs) {
      const running = start();
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

let pageSource: FingerprintSource | undefined;

/** One fingerprint per page, shared by every widget instance on it. */
export function pageFingerprint(win: Window): FingerprintSource {
  pageSource ??= createFingerprintSource(win);
  return pageSource;
}
