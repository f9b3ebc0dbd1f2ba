/**
 * What FingerprintJS's sources read of the page, for running them in a worker (fingerprintWorker.ts), which has no
 * `window`, `document` or full `navigator`. Its browser checks (isChromium, isGecko, isWebKit in
 * node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js) ask whether a name is `in` window, navigator or the
 * root element's style, and read `navigator.vendor`: the page sends the names it has and navigator's plain values,
 * and the worker answers with them. Everything else is the worker's own (its `Intl`, an `OffscreenCanvas` for
 * `document.createElement('canvas')`).
 */
export interface PageSnapshot {
  window: string[];
  navigator: string[];
  /** navigator's plain values of NAVIGATOR_VALUES */
  navigatorValues: Record<string, string | number | boolean>;
  style: string[];
}

/** Every property name of `object`, inherited ones included (the `in` operator's answer). */
function namesOf(object: object | null | undefined): string[] {
  const names = new Set<string>();
  for (let o = object; o; o = Object.getPrototypeOf(o) as object | null)
    for (const name of Object.getOwnPropertyNames(o)) names.add(name);
  return [...names];
}

/**
 * The navigator properties whose values are sent: plain values FingerprintJS's checks may read. Not every getter:
 * some make objects (serviceWorker, gpu, ...) and reading them all took 40-60 ms at 4x CPU slowdown.
 */
const NAVIGATOR_VALUES = [
  'vendor',
  'vendorSub',
  'product',
  'productSub',
  'platform',
  'userAgent',
  'appVersion',
  'language',
  'hardwareConcurrency',
  'deviceMemory',
  'maxTouchPoints',
  'cookieEnabled',
  'pdfViewerEnabled',
] as const;

/** Taken on the page's main thread. */
export function snapshotPage(win: Window): PageSnapshot {
  const nav = win.navigator;
  const navigatorNames = namesOf(nav);
  const navigatorValues: PageSnapshot['navigatorValues'] = {};
  for (const name of NAVIGATOR_VALUES) {
    try {
      const value: unknown = (nav as unknown as Record<string, unknown>)[name];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        navigatorValues[name] = value;
    } catch {
      // a getter that refuses to be read is left out, as if absent
    }
  }
  return {
    window: namesOf(win),
    navigator: navigatorNames,
    navigatorValues,
    style: namesOf(win.document.documentElement?.style),
  };
}

/** A stand-in that answers `in` from `names` and reads the rest from `target` (bound to it, not to the proxy). */
function answeringAs<T extends object>(target: T, names: readonly string[], values: Record<string, unknown> = {}): T {
  const known = new Set(names);
  return new Proxy(target, {
    has: (_, name) => typeof name === 'string' && known.has(name),
    get: (t, name) => {
      if (typeof name === 'string' && Object.hasOwn(values, name)) return values[name];
      const value: unknown = Reflect.get(t, name, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}

/**
 * Defines `window`, `navigator` and `document` in the worker's global scope for FingerprintJS's sources:
 * `document.createElement` makes the canvases with `createCanvas`.
 */
export function installPageStandIns(
  scope: typeof globalThis,
  snapshot: PageSnapshot,
  createCanvas: () => unknown,
): void {
  const define = (name: string, value: unknown) =>
    Object.defineProperty(scope, name, { value, configurable: true, writable: true });
  define('window', answeringAs(scope, snapshot.window));
  define('navigator', answeringAs(scope.navigator, snapshot.navigator, snapshot.navigatorValues));
  define('document', {
    createElement: (tag: string) => {
      if (tag !== 'canvas') throw new Error(`no <${tag}> in the fingerprint's worker`);
      return createCanvas();
    },
    documentElement: { style: answeringAs({}, snapshot.style) },
  });
}
