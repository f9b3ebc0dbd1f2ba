/**
 * The device fingerprint's lazy chunk (`fp-<hash>.js`, loaded by computeFingerprint.ts): a visitor id made with
 * FingerprintJS's sources and hash, without long tasks on the page's main thread. The cheap sources run on the page
 * in idle slices (idleSlices.ts); the ones that take 40-185 ms each at 4x CPU slowdown (fingerprintWorker.ts
 * OFF_MAIN_THREAD) run in a worker, which also hashes. The worker is this very chunk: a module worker made from a
 * `blob:` URL (a page cannot start a worker from the widget's origin, which is not its own) that imports this file
 * again by its URL, so it comes from the HTTP cache and costs no download. The shop's Content-Security-Policy must
 * allow `worker-src blob:` and the widget's origin (widget/README.md). Where there is no worker (a policy without
 * it, a failure, a browser other than Chromium, whose browser checks the worker's stand-ins are not known to answer
 * as the page would), every source runs on the page in idle slices: the same visitor id, with the long tasks of the
 * canvas, `Intl` and WebGL sources.
 */
import { hashComponents, isChromium, loadSources, sources, type UnknownComponents } from '@fingerprintjs/fingerprintjs';
import {
  type FromWorker,
  OFF_MAIN_THREAD,
  pickSources,
  serveFingerprint,
  sourceOptions,
  type ToWorker,
} from './fingerprintWorker';
import { idleSlice, runInSlices } from './idleSlices';
import { snapshotPage } from './pageStandIns';

/** The User Timing mark set once the visitor id is ready; its `detail.offMainThread` says whether the worker made it. */
const FINGERPRINT_MARK = 'checkout-fingerprint';

/** A worker that has not answered this long after the page's components reached it is given up. */
const WORKER_TIMEOUT_MS = 10_000;

// Evaluated in the worker (imported by the blob below): serve the page. Workers have `WorkerGlobalScope`, pages not.
if ('WorkerGlobalScope' in globalThis)
  serveFingerprint(globalThis as unknown as Parameters<typeof serveFingerprint>[0]);

/** FingerprintJS's sources named in `keys`, each one started in an idle slice of the page; their components. */
async function componentsInSlices(win: Window, keys: readonly string[]): Promise<UnknownComponents> {
  const options = sourceOptions();
  const pending = await runInSlices(
    keys.map((key) => () => loadSources(pickSources([key]), options, [])()),
    idleSlice(win),
  );
  return Object.assign({}, ...(await Promise.all(pending))) as UnknownComponents;
}

interface FingerprintWorker {
  /** sends the page's components; the visitor id hashed from them and the worker's own */
  finish(components: UnknownComponents): Promise<string>;
}

/** The worker, started at once so it works while the page computes; undefined when the page cannot start one. */
function startWorker(win: Window): FingerprintWorker | undefined {
  const url = URL.createObjectURL(
    new Blob([`import ${JSON.stringify(import.meta.url)};`], { type: 'text/javascript' }),
  );
  let worker: Worker;
  try {
    worker = new (win as Window & typeof globalThis).Worker(url, { type: 'module' });
  } catch {
    // refused by the page's Content-Security-Policy (Chromium throws), or no module workers
    URL.revokeObjectURL(url);
    return undefined;
  }
  let timer: number | undefined;
  const answer = new Promise<string>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) =>
      event.data.type === 'visitorId' ? resolve(event.data.visitorId) : reject(new Error(event.data.reason)),
    );
    worker.addEventListener('error', (event) => {
      event.preventDefault(); // a refused or failed worker is expected: the page computes alone, no console error
      reject(new Error('the fingerprint worker failed'));
    });
    worker.addEventListener('messageerror', () => reject(new Error('the fingerprint worker sent nothing readable')));
  });
  const done = answer.finally(() => {
    win.clearTimeout(timer);
    worker.terminate();
    URL.revokeObjectURL(url);
  });
  done.catch(() => undefined); // read by finish()
  const post = (message: ToWorker) => worker.postMessage(message);
  // in a slice of its own: the worker's start and the page's snapshot each take a few ms
  const snapshotSent = idleSlice(win)().then(() => post({ type: 'page', snapshot: snapshotPage(win) }));
  return {
    async finish(components) {
      await snapshotSent;
      post({ type: 'components', components });
      timer = win.setTimeout(() => worker.dispatchEvent(new Event('messageerror')), WORKER_TIMEOUT_MS);
      return done;
    },
  };
}

/** The visitor id, in FingerprintJS's format (32 hex digits): FingerprintJS's sources and `hashComponents`. */
export default async function computeVisitorId(win: Window = window): Promise<string> {
  await idleSlice(win)();
  const worker = isChromium() ? startWorker(win) : undefined;
  const all = Object.keys(sources);
  const ours = await componentsInSlices(
    win,
    worker ? all.filter((key) => !(OFF_MAIN_THREAD as readonly string[]).includes(key)) : all,
  );
  let visitorId: string | undefined;
  if (worker) {
    try {
      visitorId = await worker.finish(ours);
    } catch {
      Object.assign(ours, await componentsInSlices(win, OFF_MAIN_THREAD));
    }
  }
  const offMainThread = visitorId !== undefined;
  if (visitorId === undefined) {
    await idleSlice(win)();
    visitorId = hashComponents(ours);
  }
  // for the page's performance timeline (DevTools, bench/fingerprintBlocking.ts): when it was ready, and where
  win.performance.mark?.(FINGERPRINT_MARK, { detail: { offMainThread } });
  return visitorId;
}
