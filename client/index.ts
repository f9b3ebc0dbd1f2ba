/**
 * The typed client of the merchant backend for a shop's own Node server (issue #21), imported by path:
 * `import { createCheckoutClient, verifyShopEvent } from '<repo>/client/index.ts'`. Importing it sends nothing.
 * How to use it: client/README.md.
 */
export { createCheckoutClient, type CheckoutClient, type CheckoutClientOptions } from './createCheckoutClient';
export { CheckoutApiError } from './CheckoutApiError';
export { verifyShopEvent, type VerifyShopEventOptions } from './verifyShopEvent';
export { ShopEventSignatureError } from './ShopEventSignatureError';
export { SHOP_EVENT_SIGNATURE_HEADER, SHOP_EVENT_TYPES } from '../shared/contract/shopEvents';
export type { ShopEvent, ShopEventPage, ShopEventPayout, ShopEventType } from '../shared/contract/shopEvents';
export type { ShopOrder, ShopSessionStatus, ShopSessionView } from '../shared/contract/shopApi';
export type { CreateSessionInput, CreateSessionResponse } from '../shared/contract/session';
export type { FieldError } from '../shared/contract/errors';
