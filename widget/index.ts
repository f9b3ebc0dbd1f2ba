/**
 * The widget's ES entry, loaded by widget.js (or directly as `<script type="module">`). Importing it without a
 * browser (server-side rendering, tests in Node) only defines `Checkout`; in a browser it also installs
 * `window.Checkout` and mounts the no-code `data-checkout-session` elements.
 */
import { init } from './core/Checkout';
import { mountFromMarkup } from './core/mountFromMarkup';
import type { CheckoutApi } from './core/types';

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
} from './core/types';

export const Checkout: CheckoutApi = {
  init,
  mountAll: () => mountFromMarkup(document),
  get ready() {
    return Promise.resolve(Checkout);
  },
};

function boot(win: Window & { Checkout?: CheckoutApi }): void {
  // Replaces widget.js's stand-in, which forwards the calls it queued to this object.
  win.Checkout = Checkout;
  const doc = win.document;
  if (doc.readyState === 'loading')
    doc.addEventListener('DOMContentLoaded', () => mountFromMarkup(doc), { once: true });
  else mountFromMarkup(doc);
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') boot(window);
