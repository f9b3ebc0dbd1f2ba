import type { DeclineReason } from '../../shared/gateway/declineReason';
import type { OrderStatus } from '../../shared/gateway/status';
import type { FieldError } from '../../shared/contract/errors';
import type { ShopperDetails } from '../../shared/contract/payment';

/** Appearance variables, each one CSS custom property of the widget's stylesheet (see theme/applyAppearance). */
export type AppearanceVariable =
  | 'colorPrimary'
  | 'colorPrimaryText'
  | 'colorBackground'
  | 'colorText'
  | 'colorTextMuted'
  | 'colorDanger'
  | 'colorBorder'
  | 'borderRadius'
  | 'fontFamily'
  | 'fontSize';

export interface Appearance {
  theme?: 'light' | 'dark';
  variables?: Partial<Record<AppearanceVariable, string>>;
}

/** How a payment ended for the shopper: paid (or authorised), still being confirmed, or not paid. */
export type Outcome = 'paid' | 'pending' | 'failed';

export interface CheckoutResult {
  payment_id: string;
  order_no: string;
  status: OrderStatus;
  outcome: Outcome;
  /** the gateway's `<code>:<text>` as it came, for the shop's logs: the shopper reads the reason's text instead */
  message?: string;
  /** why a failed payment failed (the backend's reading of the gateway's message), shown translated */
  reason?: DeclineReason;
  /** the gateway's code of that message (`4000`), for the shop's logs */
  code?: string;
}

export interface CheckoutError {
  /**
   * the backend's error code (`session_expired`, ...) or the widget's own: `network`, `origin_not_allowed` (this
   * page's origin is not in the backend's ALLOWED_ORIGINS), `load_failed`, `callback_failed`
   */
  code: string;
  message: string;
  fields?: FieldError[];
}

export interface SubmitData {
  method: string;
  shopper: ShopperDetails;
}

export interface RedirectData {
  url: string;
  method: string;
  payment_id: string;
}

export interface CheckoutOptions {
  /** the checkout session id from `POST /api/sessions` */
  session: string;
  clientSecret: string;
  /** BCP 47 tag; default: the session's locale, then the browser's */
  locale?: string;
  appearance?: Appearance;
  /** the merchant backend's origin; default: the origin the widget script was loaded from */
  apiBase?: string;
  /** the name of the cookie the shop's fraud-screening provider sets, sent as the gateway's screening_token_cookie */
  screeningCookie?: string;
  onReady?: () => void;
  /** before each payment attempt; return false to stop it (e.g. the shop's own terms checkbox is unticked) */
  onSubmit?: (data: SubmitData) => boolean | void | Promise<boolean | void>;
  /** before the page leaves for an APM issuer; return false to stay */
  beforeRedirect?: (data: RedirectData) => boolean | void | Promise<boolean | void>;
  /** a payment reached an outcome the shopper sees (paid, pending or failed) */
  onCompleted?: (result: CheckoutResult) => void;
  /** a technical problem: the session could not load, the backend refused a request, the network failed */
  onError?: (error: CheckoutError) => void;
}

export interface CheckoutHandle {
  mount(target: string | Element): CheckoutHandle;
  update(options: Partial<CheckoutOptions>): CheckoutHandle;
  unmount(): void;
  /**
   * Submits the form, as the widget's own Pay button does (from the shop's button, e.g. below its own terms):
   * the fields are checked and their problems shown, or the payment starts. False when no form is shown now
   * (not mounted, loading, the card page or a result is on screen). Listen to `checkout:validity` to enable
   * the shop's button.
   */
  submit(): boolean;
}

/** `checkout:validity` event detail: whether the form, as filled now, can be sent. */
export interface ValidityDetail {
  valid: boolean;
}

/** What a mounted widget tells the shop: the callbacks of its options and the matching DOM events on the host. */
export interface Notify {
  ready(): void;
  completed(result: CheckoutResult): void;
  error(error: CheckoutError): void;
}

/** `window.Checkout`: the same object whether the loader's stand-in or the loaded module answers. */
export interface CheckoutApi {
  init(options: CheckoutOptions): CheckoutHandle;
  /** mounts widgets on `data-checkout-session` elements added after the page loaded (single-page apps) */
  mountAll(): void;
  /** settles when the widget's code is loaded; rejects if it cannot be */
  readonly ready: Promise<CheckoutApi>;
}
