import type { Checkout } from './types';

export interface LoadCheckoutOptions {
  /**
   * The widget's loader on your checkout backend: `https://pay.example.com/widget.js`, or a pinned
   * `https://pay.example.com/widget-<hash>.js` with its `integrity`. Default `/widget.js` on the page's own origin
   * (a backend served under the shop's origin, as the demo shop is).
   */
  url?: string;
  /**
   * The SRI hash of `url` (`sha384-...`: the backend's `/manifest.json`, `loaderVersioned`). Give it with a pinned
   * `widget-<hash>.js` only: `/widget.js` changes with every deploy, and a hash of it would then refuse it.
   */
  integrity?: string;
}

const DEFAULT_WIDGET_URL = '/widget.js';

let loading: { url: string; promise: Promise<Checkout> } | undefined;

/**
 * Loads the backend's widget script once per page and resolves the typed `Checkout` when the widget's code is
 * ready (`window.Checkout.ready`), or `null` where there is no `window` (server-side rendering). A second call
 * answers the same Promise (the script is added once); a call naming another URL is refused, since one page runs
 * one widget. When the script fails to load the Promise rejects, and the next call tries again. A `<script>` tag
 * of the widget already in the page is used instead of adding one.
 */
export function loadCheckout(options: LoadCheckoutOptions = {}): Promise<Checkout | null> {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve(null);
  const url = new URL(options.url ?? DEFAULT_WIDGET_URL, document.baseURI).href;
  if (loading) {
    if (loading.url === url) return loading.promise;
    return Promise.reject(
      new Error(`loadCheckout: the widget is already loaded from ${loading.url}, not ${url}: a page loads it once`),
    );
  }
  const promise = loadScript(url, options.integrity);
  const current = { url, promise };
  loading = current;
  promise.catch(() => {
    if (loading === current) loading = undefined;
  });
  return promise;
}

function loadScript(url: string, integrity: string | undefined): Promise<Checkout> {
  const win = window as Window & { Checkout?: Checkout };
  // the widget's own tag has run already (widget/loader.ts defines window.Checkout at once)
  if (win.Checkout) return win.Checkout.ready;
  return new Promise<Checkout>((resolve, reject) => {
    const existing = Array.from(document.scripts).find((s) => s.src === url);
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      if (win.Checkout) resolve(win.Checkout.ready);
      else reject(new Error(`loadCheckout: ${url} loaded but defined no window.Checkout: is it the widget's loader?`));
    });
    script.addEventListener('error', () => {
      if (!existing) script.remove();
      reject(new Error(`loadCheckout: could not load ${url}`));
    });
    if (existing) return;
    script.src = url;
    script.async = true;
    if (integrity) {
      script.integrity = integrity;
      // SRI on another origin needs a CORS request (the backend answers it for its widget files)
      script.crossOrigin = 'anonymous';
    }
    document.head.appendChild(script);
  });
}
