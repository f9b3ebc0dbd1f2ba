/**
 * `@checkout/js/pure`: `loadCheckout()` with no side effect on import. Nothing is fetched until it is called
 * (e.g. only on the checkout page, or after the shopper's consent). index.ts is the entry that starts at once.
 */
export { loadCheckout, type LoadCheckoutOptions } from './loadCheckout';
export type * from './types';
