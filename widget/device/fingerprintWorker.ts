/**
 * The fingerprint's worker side: the FingerprintJS sources that take long on the page's main thread (OFF_MAIN_THREAD)
 * run here, FingerprintJS's own code against stand-ins of the page (pageStandIns.ts, offscreenDataUrls.ts), and
 * the visitor id is hashed here with FingerprintJS's `hashComponents`, once the page has sent the other components.
 * Both sides are in one chunk (fingerprintChunk.ts), so the worker costs no download of its own.
 */
import { hashComponents, loadSources, sources, type UnknownComponents } from '@fingerprintjs/fingerprintjs';
import { fontPreferencesOnCanvas, fontsOnCanvas } from './fontsOnCanvas';
import { offscreenDataUrls } from './offscreenDataUrls';
import { installPageStandIns, type PageSnapshot } from './pageStandIns';

/**
 * Measured at 4x CPU slowdown in Chromium (bench/RESULTS.md 4d): the fonts about 175 ms, the font preferences about
 * 70 ms, the canvas about 185 ms, the first `Intl.DateTimeFormat` (time zone, locale) about 130 ms, each WebGL
 * source 40-150 ms. In FingerprintJS's order: the WebGL sources last, as it runs them.
 */
export const OFF_MAIN_THREAD = [
  'fonts',
  'fontPreferences',
  'canvas',
  'timezone',
  'dateTimeLocale',
  'webGlBasics',
  'webGlExtensions',
] as const;

/** The page to the worker: first what it is like, then the components it computed itself. */
export type ToWorker = { type: 'page'; snapshot: PageSnapshot } | { type: 'components'; components: UnknownComponents };
/** The worker to the page: the visitor id, or why there is none (the page then computes it alone). */
export type FromWorker = { type: 'visitorId'; visitorId: string } | { type: 'failed'; reason: string };

/** What FingerprintJS's `load()` gives its sources: the WebGL context is created once, in `cache` (no debug output). */
export function sourceOptions(): { cache: Record<string, unknown>; debug: boolean } {
  return { cache: {}, debug: false };
}

/**
 * FingerprintJS's sources named in `keys`, in its order; its two font sources, which need the DOM and take long,
 * measured on a canvas instead (fontsOnCanvas.ts), wherever they run, so that the page alone and the worker give
 * the same visitor id.
 */
export function pickSources(keys: readonly string[]): typeof sources {
  const ours: Record<string, unknown> = { ...sources, fonts: fontsOnCanvas, fontPreferences: fontPreferencesOnCanvas };
  return Object.fromEntries(Object.entries(ours).filter(([key]) => keys.includes(key))) as typeof sources;
}

async function offMainThreadComponents(scope: typeof globalThis, snapshot: PageSnapshot): Promise<UnknownComponents> {
  const canvases = offscreenDataUrls();
  installPageStandIns(scope, snapshot, canvases.createCanvas);
  const components: UnknownComponents = await loadSources(pickSources(OFF_MAIN_THREAD), sourceOptions(), [])();
  const canvas = components.canvas;
  if (canvas && 'value' in canvas) components.canvas = { ...canvas, value: await canvases.fillDataUrls(canvas.value) };
  return components;
}

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
  postMessage(message: FromWorker): void;
}

/** Answers the page's messages in the worker's global scope. */
export function serveFingerprint(scope: WorkerScope & typeof globalThis): void {
  let ours: Promise<UnknownComponents> | undefined;
  scope.addEventListener('message', (event) => {
    const message = event.data;
    if (message.type === 'page') {
      ours = offMainThreadComponents(scope, message.snapshot);
      ours.catch(() => undefined); // reported when the page's components arrive
      return;
    }
    if (!ours) {
      scope.postMessage({ type: 'failed', reason: 'no page snapshot' });
      return;
    }
    ours.then(
      (components) =>
        scope.postMessage({ type: 'visitorId', visitorId: hashComponents({ ...message.components, ...components }) }),
      (error: unknown) => scope.postMessage({ type: 'failed', reason: String(error) }),
    );
  });
}
