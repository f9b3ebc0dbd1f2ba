import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verify } from '../../shared/gateway/hashNode';
import {
  AUTO,
  MANUAL,
  formAction,
  hiddenInputs,
  paymentOrder,
  postForm,
  signed,
  type TestAccount,
} from '../testing/gatewayCalls';
import { openCardPage, payByCard, submitCard } from '../testing/flows';
import { startReceiver } from '../testing/startReceiver';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess({ settleMs: 100 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

async function record(account: TestAccount, orderNo: string): Promise<Record<string, unknown>> {
  const res = await postForm(`${sb.url}/v1/retrievalTrans`, signed('query', account, { orders: orderNo }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { orders_list: Record<string, unknown>[] }).orders_list[0]!;
}

const paymentNote = (orderNo: string) =>
  vi.waitFor(
    () => {
      const found = receiver.received.find((r) => r.fields.order_no === orderNo && r.fields.payment_status !== '1000');
      expect(found, `PAYMENT notification of ${orderNo}`).toBeTruthy();
      return found!;
    },
    { timeout: 10_000 },
  );

/** Pays `card` with token_flag YES and returns the token the query record carries. */
async function saveCard(account: TestAccount, card: string): Promise<string> {
  const p = await payByCard(sb.url, account, card, paymentOrder({ token_flag: 'YES' }));
  const token = (await record(account, p.order_no)).token_id;
  expect(token).toMatch(/^tok_[0-9a-f]{24}$/);
  return token as string;
}

/** The returned 303's payment_status. */
function statusOf(res: Response): string {
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!).searchParams.get('payment_status')!;
}

describe('stored cards (token_flag, token_id)', () => {
  it('an approved card with token_flag YES gets a token: in the query record and the PAYMENT notification, with brand and last 4 only', async () => {
    const order = paymentOrder({ token_flag: 'YES', notify_url: `${receiver.url}/hooks` });
    const p = await payByCard(sb.url, MANUAL, '4242 4242 4242 4242', order);
    expect(p.payment_status).toBe('2000');
    const rec = await record(MANUAL, p.order_no);
    expect(rec).toMatchObject({
      payment_status: '2000',
      token_id: expect.stringMatching(/^tok_/),
      card_brand: 'Visa',
      card_last4: '4242',
    });
    const note = await paymentNote(p.order_no);
    expect(note.fields).toMatchObject({
      notify_type: 'PAYMENT',
      token_id: rec.token_id,
      card_brand: 'Visa',
      card_last4: '4242',
    });
    // the extra fields are not signed, and do not break the signature of the rest
    expect(verify('notification', note.fields, note.fields.encryption_data, MANUAL.key)).toBe(true);
    const listing = await (await fetch(`${sb.url}/sandbox/transactions?order_no=${p.order_no}`)).text();
    expect(listing).not.toContain('4242424242424242');
  });

  it('issues no token without token_flag YES, nor for a declined card', async () => {
    const plain = await payByCard(sb.url, AUTO, '5555555555554444', paymentOrder({ token_flag: 'NO' }));
    const plainRecord = await record(AUTO, plain.order_no);
    expect(plainRecord).toMatchObject({ payment_status: '3000', card_brand: 'Mastercard', card_last4: '4444' });
    expect(plainRecord).not.toHaveProperty('token_id');
    const declined = await payByCard(
      sb.url,
      AUTO,
      '4000000000000002',
      paymentOrder({ token_flag: 'YES', notify_url: `${receiver.url}/hooks` }),
    );
    expect(declined.payment_status).toBe('4000');
    expect(await record(AUTO, declined.order_no)).not.toHaveProperty('token_id');
    expect((await paymentNote(declined.order_no)).fields).not.toHaveProperty('token_id');
  });

  it('a known token pays without the card form: "Pay with Visa •••• 4242" and a Pay button', async () => {
    const token = await saveCard(AUTO, '4242424242424242');
    const order = paymentOrder({ token_id: token, notify_url: `${receiver.url}/hooks` });
    const page = await openCardPage(sb.url, AUTO, order);
    expect(page.html).toContain('Pay with Visa •••• 4242');
    expect(page.html).not.toContain('name="card_number"');
    const res = await postForm(page.action, { token: page.token, action: 'pay' });
    expect(statusOf(res)).toBe('3000');
    expect(await record(AUTO, String(order.order_no))).toMatchObject({
      payment_status: '3000',
      token_id: token,
      card_last4: '4242',
      card_brand: 'Visa',
    });
    expect((await paymentNote(String(order.order_no))).fields).toMatchObject({ token_id: token });
  });

  it('a token pays as its card would: the pending card stays pending, then settles', async () => {
    // the 0077 card is approved only when it settles: its token is issued then
    const saving = await payByCard(sb.url, MANUAL, '4000000000000077', paymentOrder({ token_flag: 'YES' }));
    expect(saving.payment_status).toBe('1000');
    const token = await vi.waitFor(
      async () => {
        const found = (await record(MANUAL, saving.order_no)).token_id as string | undefined;
        expect(found, 'the token of the settled payment').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    const order = paymentOrder({ token_id: token });
    const page = await openCardPage(sb.url, MANUAL, order);
    expect(statusOf(await postForm(page.action, { token: page.token, action: 'pay' }))).toBe('1000');
    await vi.waitFor(
      async () =>
        expect((await record(MANUAL, String(order.order_no))).payment_status, 'settlement of the token payment').toBe(
          '2000',
        ),
      { timeout: 10_000 },
    );
  });

  it('the stored 3-D Secure card challenges again with open3d=do3DS', async () => {
    const first = paymentOrder({ token_flag: 'YES', open3d: 'do3DS' });
    const challenge = await submitCard(await openCardPage(sb.url, MANUAL, first), '4000000000003220');
    const html = await challenge.text();
    expect(statusOf(await postForm(formAction(html), { token: hiddenInputs(html).token, result: 'pass' }))).toBe(
      '2000',
    );
    const token = (await record(MANUAL, String(first.order_no))).token_id as string;
    expect(token).toMatch(/^tok_/);
    const page = await openCardPage(sb.url, MANUAL, paymentOrder({ token_id: token, open3d: 'do3DS' }));
    const again = await postForm(page.action, { token: page.token, action: 'pay' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('3-D Secure');
  });

  it("an unknown token, or another account's, is refused at step 1: 400 I0115 naming token_id, nothing created", async () => {
    const manualToken = await saveCard(MANUAL, '4242424242424242');
    for (const [account, token] of [
      [AUTO, 'tok_unknown'],
      [AUTO, manualToken],
    ] as const) {
      const order = paymentOrder({ token_id: token });
      const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', account, order));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('I0115');
      expect(html).toContain('token_id');
      expect(
        (
          (await (await fetch(`${sb.url}/sandbox/transactions?order_no=${String(order.order_no)}`)).json()) as {
            transactions: unknown[];
          }
        ).transactions,
      ).toEqual([]);
    }
  });
});
