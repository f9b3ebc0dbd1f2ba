import type { CallOptions } from '../types/client';
import type { CheckoutForm, CheckoutOrder } from '../types/payment';
import type { OperationContext } from './context';
import { refusalIn } from '../core/readRefusalAnswer';
import { readLoadingPage } from './readLoadingPage';
import { signPaymentOrder } from './signPaymentOrder';

/**
 * `/v1/checkout` step 1: posts the signed order as a form (as a browser would, docs/protocol-decisions.md 2) and
 * returns the auto-posting form of the gateway's loading page (readLoadingPage), for the backend to render in the
 * iFrame as its own page: the gateway's HTML itself is never served, so nothing injected into it can run on our origin.
 * A refusal is an HTTP error or, where the gateway answers so, a 200 envelope (`refusalIn`): either is declined.
 */
export async function checkout(
  ctx: OperationContext,
  order: CheckoutOrder,
  call?: CallOptions,
): Promise<{ form: CheckoutForm }> {
  const fields = signPaymentOrder(ctx, 'checkout', order);
  return ctx.call({
    operation: 'checkout',
    method: 'POST',
    url: ctx.url('/v1/checkout'),
    body: { type: 'form', fields, contentType: ctx.profile.contentTypes.checkout },
    timeoutMs: ctx.timeoutMs,
    call,
    interpret: (res) => {
      // a refusal answered 200 in the profile's envelope is a refusal, never an unreadable answer
      const refused = refusalIn('checkout', ctx.profile, res);
      if (refused) throw refused;
      if (!/^text\/html\b/i.test(res.contentType)) throw new Error(`expected text/html, got "${res.contentType}"`);
      return { form: readLoadingPage(res.text, ctx.url('/v1/checkout')) };
    },
  });
}
