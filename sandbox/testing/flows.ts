import { expect } from 'vitest';
import { formAction, hiddenInputs, postForm, postJson, signed, type TestAccount } from './gatewayCalls';

export interface TransactionView {
  transaction_id: string;
  order_no: string;
  payment_status: string;
  [field: string]: unknown;
}

/** Checkout step 1 and the loading page's auto-post (step 2): returns the hosted card page's form. */
export async function openCardPage(
  base: string,
  account: TestAccount,
  order: Record<string, unknown>,
): Promise<{ action: string; token: string; html: string }> {
  const step1 = await postForm(`${base}/v1/checkout`, signed('checkout', account, order));
  expect(step1.status, await step1.clone().text()).toBe(200);
  const loading = await step1.text();
  const step2 = await postForm(formAction(loading), hiddenInputs(loading));
  const html = await step2.text();
  expect(step2.status, html).toBe(200);
  return { action: formAction(html), token: hiddenInputs(html).token!, html };
}

/** Posts the card form; returns the response (a 303 when the payment ended, a page otherwise). */
export function submitCard(
  page: { action: string; token: string },
  card: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return postForm(page.action, {
    token: page.token,
    holder: 'Ana Silva',
    card_number: card,
    expiry: '12/39',
    cvv: '123',
    action: 'pay',
    ...extra,
  });
}

/** Creates an APM payment and returns its issuer_url and transaction_id from the XML. */
export async function authoriseApm(
  base: string,
  account: TestAccount,
  order: Record<string, unknown>,
): Promise<{ issuerUrl: string; transactionId: string; xml: string }> {
  const res = await postJson(`${base}/v1/authorise`, signed('authorise', account, { payment_method: 'PIX', ...order }));
  const xml = await res.text();
  expect(res.status, xml).toBe(200);
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  return { issuerUrl: unescapeXml(String(tag('issuer_url'))), transactionId: String(tag('transaction_id')), xml };
}

function unescapeXml(s: string): string {
  return s.replace(/&amp;/g, '&');
}

/** The newest `limit` transactions the sandbox holds, of every order (one request for a test of many orders). */
export async function allTransactions(base: string, limit: number): Promise<TransactionView[]> {
  const res = await fetch(`${base}/sandbox/transactions?limit=${limit}`);
  return ((await res.json()) as { transactions: TransactionView[] }).transactions;
}

export async function transactionsOf(base: string, orderNo: string): Promise<TransactionView[]> {
  const res = await fetch(`${base}/sandbox/transactions?order_no=${encodeURIComponent(orderNo)}`);
  return ((await res.json()) as { transactions: TransactionView[] }).transactions;
}

export async function onlyTransaction(base: string, orderNo: string): Promise<TransactionView> {
  const list = await transactionsOf(base, orderNo);
  expect(list).toHaveLength(1);
  return list[0]!;
}

export interface NotificationView {
  notify_id: string;
  notify_type: string;
  state: string;
  fields: Record<string, string>;
  created_at: string;
  attempts: { at: string; http_status: number | null; error: string | null }[];
}

export async function notificationsOf(base: string, orderNo: string): Promise<NotificationView[]> {
  const res = await fetch(`${base}/sandbox/notifications?order_no=${encodeURIComponent(orderNo)}`);
  return ((await res.json()) as { notifications: NotificationView[] }).notifications;
}

/** A card payment paid through the hosted page with `card`; returns the order and its transaction. */
export async function payByCard(
  base: string,
  account: TestAccount,
  card: string,
  order: Record<string, unknown>,
): Promise<{ order_no: string; transaction_id: string; payment_status: string }> {
  const page = await openCardPage(base, account, order);
  const res = await submitCard(page, card);
  expect(res.status).toBe(303);
  const params = new URL(res.headers.get('location')!).searchParams;
  return {
    order_no: String(order.order_no),
    transaction_id: params.get('transaction_id')!,
    payment_status: params.get('payment_status')!,
  };
}

/** Posts a signed batch call (`/v1/<op>`) with `items` in `<op>_orders`; returns status and JSON body. */
export async function batch(
  base: string,
  account: TestAccount,
  op: 'capture' | 'cancel' | 'review' | 'refund',
  items: Record<string, unknown>[],
): Promise<{ status: number; body: Record<string, any> }> {
  const res = await postJson(`${base}/v1/${op}`, signed(op, account, { [`${op}_orders`]: items }));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
