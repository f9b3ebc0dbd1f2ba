/**
 * The types of `@checkout/js`: the widget's own (widget/core/types.ts, which the loaded widget implements) under the
 * names a shop uses, and the DOM events a mounted widget sends on its element (widget/core/mountInstance.ts).
 */
import type { CheckoutApi, CheckoutError, CheckoutResult, ValidityDetail } from '../../../widget/core/types';

export type {
  Appearance,
  AppearanceVariable,
  CheckoutApi,
  CheckoutError,
  CheckoutHandle,
  CheckoutOptions,
  CheckoutResult,
  Outcome,
  RedirectData,
  SubmitData,
  ValidityDetail,
} from '../../../widget/core/types';

/** `window.Checkout`, the object `loadCheckout()` resolves: `init(options).mount(element)`, `mountAll()`, `ready`. */
export type Checkout = CheckoutApi;

/**
 * The events a mounted widget dispatches on its element (they bubble), beside the callbacks of its options:
 * `el.addEventListener('checkout:completed', (e) => ...)` with `e` typed through this map.
 */
export interface CheckoutEventMap {
  'checkout:ready': CustomEvent<undefined>;
  'checkout:completed': CustomEvent<CheckoutResult>;
  'checkout:error': CustomEvent<CheckoutError>;
  'checkout:validity': CustomEvent<ValidityDetail>;
}
