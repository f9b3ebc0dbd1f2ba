/**
 * widget.js: the one classic script a shop adds. Why a loader and not the bundle itself: a classic script (IIFE)
 * cannot split code, and the languages and the fingerprint must stay out of the first download. So this stays
 * tiny and stable-named (short cache), and imports the content-hashed ES entry (cached for good) from beside
 * itself. The entry is pinned by its SRI hash through a modulepreload link: the import then uses the verified
 * copy. Until it loads, `window.Checkout` is a stand-in that queues calls, so the shop can call
 * `Checkout.init(...).mount(...)` right after this tag even without waiting for the load event.
 *
 * Built by widget/build/emitLoader.ts, which replaces the two constants below.
 */
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

  win.Checkout = {
    ready,
    mountAll() {
      void ready.then((api) => api.mountAll());
    },
    init(options: CheckoutOptions): CheckoutHandle {
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
