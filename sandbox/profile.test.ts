import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { parseProfile } from '../shared/gateway/profile';
import { startSandboxInProcess, type SandboxInProcess } from '../testing/startSandboxInProcess';
import { notificationsOf, payByCard } from './testing/flows';
import { AUTO, paymentOrder, postDocument, postJson } from './testing/gatewayCalls';
import { startReceiver } from './testing/startReceiver';

// a merchant's override: the notification signs fewer fields, the refund its two fields the other way round,
// refunded is "R" on the wire, and the gateway sends no REFUND RESULT notification
const PROFILE = parseProfile(
  JSON.stringify({
    signatures: {
      notification: ['order_no', 'amount', 'payment_status', 'notify_type'],
      refund: ['account_id', 'merchant_id'],
    },
    statuses: { R: 'refunded' },
    notificationTypes: ['PAYMENT'],
  }),
);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess({ profile: PROFILE });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

it('a sandbox with a changed profile signs, verifies, writes statuses and notifies by it', async () => {
  const order = paymentOrder({ notify_url: `${receiver.url}/hook` });
  const p = await payByCard(sb.url, AUTO, '4242424242424242', order);
  await vi.waitFor(() => expect(receiver.received.some((r) => r.fields.order_no === p.order_no)).toBe(true));
  const f = receiver.received.find((r) => r.fields.order_no === p.order_no)!.fields;
  expect(f.notify_type).toBe('PAYMENT');
  expect(f.encryption_data).toBe(
    sha256(`${f.order_no}${f.amount}${f.payment_status}${f.notify_type}`.replace(/ /g, '') + AUTO.key),
  );

  const item = {
    transaction_id: p.transaction_id,
    order_no: p.order_no,
    currency: 'USD',
    amount: String(order.amount),
    refund_amount: String(order.amount),
    refund_reason: 'damaged',
  };
  const envelope = { merchant_id: AUTO.merchant_id, account_id: AUTO.account_id, refund_orders: [item] };
  const refund = (signature: string) =>
    postDocument(`${sb.url}/v1/refund`, { ...envelope, encryption_data: signature });
  // signed by the default list (merchant_id, account_id, then each transaction_id): refused
  const byDefault = await refund(sha256(`${AUTO.merchant_id}${AUTO.account_id}${p.transaction_id}${AUTO.key}`));
  expect(byDefault.status).toBe(400);
  expect(await byDefault.json()).toMatchObject({ code: 'I0013' });
  const byProfile = await refund(sha256(`${AUTO.account_id}${AUTO.merchant_id}${p.transaction_id}${AUTO.key}`));
  expect(byProfile.status).toBe(200);
  expect(await byProfile.json()).toMatchObject({ return_status: '1' });

  // the query answers refunded by the profile's code, once the refund has its result
  const query = { merchant_id: AUTO.merchant_id, account_id: AUTO.account_id, orders: p.order_no };
  await vi.waitFor(
    async () => {
      const res = await fetch(`${sb.url}/v1/retrievalTrans`, {
        method: 'POST',
        body: new URLSearchParams({
          ...query,
          encryption_data: sha256(`${AUTO.merchant_id}${AUTO.account_id}${AUTO.key}`),
        }),
      });
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain('"payment_status":"R"');
    },
    { timeout: 10_000, interval: 20 },
  );
  // no refund notification is in the profile's list: only the payment's notification was ever sent
  expect((await notificationsOf(sb.url, p.order_no)).map((n) => n.notify_type)).toEqual(['PAYMENT']);

  // a sandbox given a profile holds each call to the profile's content type: the form type, by default
  const asJson = await postJson(`${sb.url}/v1/refund`, { ...envelope, encryption_data: 'x'.repeat(64) });
  expect(asJson.status).toBe(400);
  expect(await asJson.json()).toMatchObject({ code: 'I0059', source: 'content-type' });
});
