import type { CallOptions } from '../types/client';
import type { CheckoutOrder } from '../types/payment';
import type { OperationContext } from './context';
import { signPaymentOrder } from './signPaymentOrder';

/**
 * `/v1/checkout` step 1: posts the signed order as a form (as a browser would, PROTOCOL.md 2) and returns the
 * gateway's loading page untouched, for the backend to serve in the iFrame. Nothing is read out of the page:
 * its auto-posting form is the gateway's business.
 */
export async function checkout(
  ctx: OperationContext,
  order: CheckoutOrder,
  call?: CallOptions,
): Promise<{ html: string }> {
  const fields = signPaymentOrder(ctx, 'checkout', order);
  return ctx.call({
    operation: 'checkout',
    method: 'POST',
    url: ctx.url('/v1/checkout'),
    body: { type: 'form', fields, contentType: ctx.profile.contentTypes.checkout },
    timeoutMs: ctx.timeoutMs,
    call,
    interpret: (res) => {
      if (!/^text\/html\b/i.test(res.contentType)) throw new Error(`expected text/html, got "${res.contentType}"`);
      if (!/<form\b/i.test(res.text)) throw new Error('the loading page carries no form');
      return { html: res.text };
    },
  });
}
