import { z } from 'zod';
import { checkAmount, currency, decimal, required, str } from './wire';

/**
 * `/v1/authorise` answers (spec 2.3, PROTOCOL.md 2): XML with root `<respon>`. These schemas check the object
 * read from the XML's child elements, whose text is always a string.
 */
export const apmResult = z
  .object({
    merchant_id: required('merchant_id'),
    account_id: required('account_id'),
    order_no: required('order_no'),
    amount: decimal,
    currency,
    /** the merchant GETs it without following redirects (PROTOCOL.md 8) */
    issuer_url: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }),
  })
  .superRefine((r, ctx) => checkAmount(ctx, ['amount'], r.amount, r.currency, true));

/** The 400/404 XML body: `<respon><code/><source/><message/></respon>`; source names the field, if one. */
export const apmError = z.object({
  code: required(),
  source: str,
  message: str,
});

export type ApmResult = z.infer<typeof apmResult>;
export type ApmError = z.infer<typeof apmError>;
