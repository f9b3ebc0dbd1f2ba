/**
 * widget.js: the one classic script a shop adds. Why a loader and not the bundle itself: a classic script (IIFE)
 * cannot split code, and the languages and the fingerprint must stay out of the first download. So this stays
 * tiny and stable-named (short cache), and imports the content-hashed ES entry (cached for good) from beside
 * itself. The entry is pinned by its SRI hash through a modulepreload link: the import then uses the verified
 * copy. Until it loads, `window.Checkout` is a stand-in that queues calls, so the shop can call
 * `Checkout.init(...).mount(...)` right after this tag even without waiting for the load event.
 *
 * The session call starts here too, beside the entry's download, for every `data-checkout-session` element and
 * every `Checkout.init`: it takes two round trips (the CORS preflight its secret header needs, then the call),
 * which would otherwise only begin once the entry has arrived and run. The entry's getSession takes the answer
 * when it asks for the same URL with the same secret (core/api/takePrefetchedSession.ts), and asks itself
 * otherwise. The secret goes in the header, as the entry sends it, never in the URL.
 *
 * Built by widget/build/buildLoader.ts, which replaces the two constants below.
 */
import type { SessionPrefetch } from './core/api/takePrefetchedSession';
import type { CheckoutApi, CheckoutHandle, CheckoutOptions } from './core/types';

declare const __CHECKOUT_ENTRY__: string;
declare const __CHECKOUT_ENTRY_INTEGRITY__: string;

((win: Window & { Checkout?: CheckoutApi }, doc: Document) => {
  if (win.Checkout) return; // a second copy of the tag: the first one wins
  const script = doc.currentScript as HTMLScriptElement | null;
  const entry = new URL(__CHECKOUT_ENTRY__, script?.src || doc.baseURI).href;

  const verified = new Promise<void>((resolve, reject) => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = entry;
    link.integrity = __CHECKOUT_ENTRY_INTEGRITY__;
    link.crossOrigin = 'anonymous';
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`Checkout: could not load ${entry}`));
    doc.head.appendChild(link);
  });
  const ready: Promise<CheckoutApi> = verified
    .then(() => import(/* @vite-ignore */ entry))
    .then((m: { Checkout: CheckoutApi }) => m.Checkout);
  ready.catch((error: Error) => console.error(error.message));

  const prefetched: SessionPrefetch[] = [];
  (win as unknown as Record<symbol, SessionPrefetch[]>)[Symbol.for('checkout.sessionPrefetch')] = prefetched;
  // the same URL as core/api/getSession.ts builds, on the same default API base (core/defaultApiBase.ts: the
  // entry's origin); a URL that differs is no harm: the entry then asks itself
  const prefetch = (session?: string, secret?: string, locale?: string, apiBase = new URL(entry).origin) => {
    if (!session || !secret) return; // the entry's init reports it
    const url = `${apiBase.replace(/\/+$/, '')}/api/sessions/${encodeURIComponent(session)}${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`;
    if (prefetched.some((p) => p.url === url && p.secret === secret)) return;
    const response = fetch(url, {
      headers: { Accept: 'application/json', 'X-Client-Secret': secret },
      credentials: 'omit',
      // a call that hangs is given up, and the entry asks again
      signal: AbortSignal.timeout?.(20_000),
    });
    response.catch(() => {}); // not taken (no mount), or failed: the entry's own call reports what matters
    prefetched.push({ url, secret, response });
  };
  const prefetchMarkup = () => {
    for (const element of doc.querySelectorAll<HTMLElement>('[data-checkout-session]')) {
      const { checkoutSession, clientSecret, locale } = element.dataset;
      prefetch(checkoutSession, clientSecret, locale);
    }
  };
  // an async tag may run before the element is parsed: look again once the document is
  prefetchMarkup();
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', prefetchMarkup, { once: true });

  win.Checkout = {
    ready,
    mountAll() {
      void ready.then((api) => api.mountAll());
    },
    init(options: CheckoutOptions): CheckoutHandle {
      prefetch(options?.session, options?.clientSecret, options?.locale, options?.apiBase);
      const queued: ((real: CheckoutHandle) => void)[] = [];
      let real: CheckoutHandle | undefined;
      const call = (run: (h: CheckoutHandle) => void) => (real ? run(real) : queued.push(run));
      const handle: CheckoutHandle = {
        mount: (target) => {
          call((h) => h.mount(target));
          return handle;
        },
        update: (partial) => {
          call((h) => h.update(partial));
          return handle;
        },
        unmount: () => void call((h) => h.unmount()),
        // nothing to submit before the widget is loaded and shows its form
        submit: () => real?.submit() ?? false,
      };
      ready.then(
        (api) => {
          real = api.init(options);
          for (const run of queued.splice(0)) run(real);
        },
        (error: Error) => options.onError?.({ code: 'load_failed', message: error.message }),
      );
      return handle;
    },
  };
})(window, document);
