import { sign } from '../../shared/gateway/hashNode';
import type { SignedMessage } from '../../shared/gateway/signature';

/** The demo accounts (accounts.ts) as tests use them. */
export const MANUAL = { merchant_id: '701001', account_id: '701001010', key: 'sk_sandbox_701001010' } as const;
export const AUTO = { merchant_id: '701001', account_id: '701001020', key: 'sk_sandbox_701001020' } as const;
export type TestAccount = { merchant_id: string; account_id: string; key: string };

/** `body` with the envelope of `account` and its encryption_data for `kind`. */
export function signed(
  kind: SignedMessage,
  account: TestAccount,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const message = { merchant_id: account.merchant_id, account_id: account.account_id, ...body };
  return { ...message, encryption_data: sign(kind, message, account.key) };
}

export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

/**
 * A JSON document sent as the docs' samples send it, under the form content type (docs/gateway-evidence.md 1): what
 * a sandbox holding calls to the default content types (one given a profile) reads.
 */
export function postDocument(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

/** A form post; object and array values are JSON-encoded, as docs/protocol-decisions.md 2 says. */
export function postForm(url: string, fields: Record<string, unknown>): Promise<Response> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
}

let counter = 0;
/** A fresh order number per call, so tests never trip the 24-hour duplicate rule by accident. */
function orderNo(prefix = 'ORD'): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;
}

/** A payment order with the fields checkout and authorise require and a few shopper details. */
export function paymentOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_no: orderNo(),
    currency: 'USD',
    amount: '25.00',
    return_url: 'https://shop.example/pay/return/p1',
    website: 'shop.example',
    shopper_id: 'shopper-1',
    shopper_ip: '203.0.113.7',
    shopper_email: 'ana@example.com',
    shopper_phone: '+5511912345678',
    first_name: 'Ana',
    last_name: 'Silva',
    billing_country: 'BR',
    billing_city: 'Sao Paulo',
    billing_address: 'Rua A 1',
    billing_postal_code: '01000-000',
    items: 'T-shirt#,#TS-1#,#12.50#,#2',
    ...overrides,
  };
}

/** Values of the hidden inputs of an HTML form, by name (the last one wins, as a form post would send). */
export function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    out[unescapeHtml(m[1]!)] = unescapeHtml(m[2]!);
  return out;
}

export function formAction(html: string): string {
  const m = /<form[^>]*action="([^"]*)"/.exec(html);
  if (!m) throw new Error('no form in page');
  return unescapeHtml(m[1]!);
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
