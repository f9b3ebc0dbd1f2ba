/**
 * Why `verifyShopEvent` refused an event; answer the sender 400 and act on nothing in it.
 * - `malformed_header`: no `Checkout-Signature`, or not `t=<unix seconds>,v1=<64 hex>[,v1=...]`
 * - `no_match`: no v1 matches any of the secrets (a wrong secret, or a body changed on the way)
 * - `replay`: signed, but `t` is further from now than the tolerance (an old delivery sent again)
 * - `malformed_body`: signed, but not an event (not JSON, or without id, type and created_at)
 */
export class ShopEventSignatureError extends Error {
  override name = 'ShopEventSignatureError';
  constructor(
    readonly reason: 'malformed_header' | 'no_match' | 'replay' | 'malformed_body',
    message: string,
  ) {
    super(message);
  }
}
