/**
 * `@checkout/node/web`: the client for runtimes without Node's builtins (Cloudflare Workers, Vercel's and Netlify's
 * edge functions, Deno Deploy, a browser test): everything of index.ts but the synchronous verifyShopEvent, which
 * needs `node:crypto`. Nothing here imports a Node builtin (packages/node/README.md, "Runtimes").
 */
export { createCheckoutClient, type CheckoutClient, type CheckoutClientOptions } from './createCheckoutClient';
export { CheckoutApiError } from './CheckoutApiError';
export { verifyShopEventAsync } from './verifyShopEventAsync';
export type { RawBody, VerifyShopEventOptions } from './signedEvent';
export { signTestEvent, type SignedTestEvent } from './signTestEvent';
export { ShopEventSignatureError } from './ShopEventSignatureError';
export { SHOP_EVENT_SIGNATURE_HEADER, SHOP_EVENT_TYPES } from '../../../shared/contract/shopEvents';
export type { ShopEvent, ShopEventPage, ShopEventPayout, ShopEventType } from '../../../shared/contract/shopEvents';
export type { ShopOrder, ShopSessionStatus, ShopSessionView } from '../../../shared/contract/shopApi';
export type { CreateSessionInput, CreateSessionResponse } from '../../../shared/contract/session';
export type { FieldError } from '../../../shared/contract/errors';
