import { randomBytes } from 'node:crypto';
import { DEMO_DEFAULTS } from '../../server/config';
import { encodeBody } from '../../server/gateway/core/encodeBody';
import { sign } from '../../shared/gateway/hashNode';
import { createSession, payByCard } from './shopCalls';

/** Makes one checkout form per call: the same fields, a fresh order_no, signed again. */
export type CheckoutForms = () => string;

/**
 * The `/v1/checkout` form the backend really sends for a card payment, captured once from the sandbox (which
 * keeps every request it received, minus the signature), as a template for the bare forwarder: so both sides
 * of the payment benchmark put the same bytes on the gateway, whatever fields the backend sends today.
 */
export async function captureCheckoutForms(backendUrl: string, sandboxUrl: string): Promise<CheckoutForms> {
  const { payment_id } = await payByCard(backendUrl, await createSession(backendUrl));
  const res = await fetch(`${sandboxUrl}/sandbox/transactions?account_id=${DEMO_DEFAULTS.ACCOUNT_ID}`);
  const { transactions } = (await res.json()) as {
    transactions: { order_no: string; request: Record<string, unknown> }[];
  };
  // the backend's return_url names the payment (…/pay/return/<payment_id>)
  const ours = transactions.find((t) => String(t.request.return_url ?? '').endsWith(`/${payment_id}`));
  if (!ours) throw new Error(`the sandbox holds no checkout for payment ${payment_id}`);
  const template = ours.request;
  const prefix = `fwd_${randomBytes(6).toString('hex')}_`;
  let n = 0;
  return () => {
    const fields: Record<string, unknown> = { ...template, order_no: `${prefix}${++n}` };
    fields.encryption_data = sign('checkout', fields, DEMO_DEFAULTS.SIGN_KEY);
    return encodeBody('form', fields).body;
  };
}
