/**
 * `@checkout/js`: `loadCheckout()`, which starts loading on import. In a browser, importing this entry adds the
 * widget's script right after the importing modules have run: at the URL the first `loadCheckout({ url })` of
 * their top level names, else at `/widget.js` of the page's origin. So the widget downloads while the page's own
 * code runs. pure.ts is the same function without that (nothing before the first call).
 */
import { loadCheckout as load, type LoadCheckoutOptions } from './loadCheckout';
import type { Checkout } from './types';

export type { LoadCheckoutOptions } from './loadCheckout';
export type * from './types';

let called = false;

/** loadCheckout.ts's `loadCheckout`, noting that it was called so that the load on import leaves the URL to it. */
export function loadCheckout(options?: LoadCheckoutOptions): Promise<Checkout | null> {
  called = true;
  return load(options);
}

// a microtask: after the modules that import this one have run their top level, whose loadCheckout({ url }) wins
if (typeof window !== 'undefined') {
  void Promise.resolve().then(() => {
    if (!called) loadCheckout().catch(() => {});
  });
}
