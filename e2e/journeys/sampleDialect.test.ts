/**
 * Issue #31: the gateway speaks the published sample schema's dialect (the sandbox on the example profile
 * docs/profiles/sample-schema.json: notifications named as the sample, without id or time, types Payment, Refund,
 * Chargeback; the shopper sent back by a posted form; refusals in a 200 envelope; the profile's content types
 * held to), and the backend copes, (a) on that same profile and (b) on no profile at all. Each case runs a card
 * payment in the card frame, its capture, a refund and a dispute, and a checkout the gateway refuses.
 *
 * Every notification the gateway sent must have been acknowledged with a 2xx (the sandbox records each delivery
 * attempt), the order, its capture, its refund and its dispute must reach their true states on both sides, and the
 * shopper must never land on an error page.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { CreateSessionResponse } from '../../shared/contract/session';
import { admin, newestOrderNo, orderIn, orderOf, orderWhen } from '../../testing/adminClient';
import { payAtGateway } from '../../testing/payAtGateway';
import { sandboxApi } from '../../testing/sandboxApi';
import { createSession } from '../../testing/shopClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectNoCspViolations } from '../harness/expectations';
import {
  CARDS,
  cardFrame,
  expectOutcome,
  fillShopper,
  openDemoShop,
  payButton,
  payInCardFrame,
  widget,
} from '../harness/shopper';
import { type DialectOpened, useDialectSystem } from '../harness/useDialectSystem';

const SAMPLE_PROFILE = fileURLToPath(new URL('../../docs/profiles/sample-schema.json', import.meta.url));
const EMBED_PAGE = fileURLToPath(new URL('../../widget/demo/embed.html', import.meta.url));

/** The published Chargeback sample's fields (docs/gateway-evidence.md 8): what the gateway's notifications carry. */
const SAMPLE_FIELDS = [
  'merchant_id',
  'account_id',
  'transaction_id',
  'order_no',
  'amount',
  'currency',
  'order_status',
  'error_code',
  'result_info',
  'chargeback_reason',
  'webhooks_type',
  'encryption_data',
];
/** A refund's own values, which ride beside them (the published Refund sample could not be read). */
const REFUND_FIELDS = ['refund_amount', 'refund_reference_id', 'refund_reference', 'refund_state'];

/** The widget on a page of the backend's own origin, for a session the test created (the demo shop makes its own). */
async function openSession(shopper: DialectOpened, backendUrl: string, session: CreateSessionResponse) {
  const url = `${backendUrl}/e2e-sample-dialect-shop`;
  const html = readFileSync(EMBED_PAGE, 'utf8')
    .replaceAll('%BACKEND_URL%', backendUrl)
    .replaceAll('%SESSION_ID%', session.id)
    .replaceAll('%CLIENT_SECRET%', session.client_secret)
    .replaceAll('%LOCALE%', 'en');
  await shopper.page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await shopper.page.goto(url);
  await widget(shopper.page).locator('form.ck-form').waitFor();
}

describe.each([
  { backendOn: 'the example profile', backendProfileFile: SAMPLE_PROFILE, tag: 'a' },
  { backendOn: 'no profile', backendProfileFile: undefined, tag: 'b' },
])('the gateway speaks the sample dialect, the backend runs on $backendOn', ({ backendProfileFile, tag }) => {
  const env = useDialectSystem({
    name: `sample-dialect-${tag}`,
    sandboxProfileFile: SAMPLE_PROFILE,
    ...(backendProfileFile ? { backendProfileFile } : {}),
  });

  it('a card payment, its capture, a refund and a dispute: every notification acknowledged', async () => {
    const { backend, sandbox } = env.system;
    const gateway = sandboxApi(sandbox.url);
    const shopper = await env.open();

    // the shopper pays 4242 in the card frame; the gateway sends them back by a form post
    await openDemoShop(shopper.page, backend.url);
    const root = widget(shopper.page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    // approved card payments are authorisations (captured later): held, not taken
    expect(await root.locator('.ck-status h2').innerText()).toBe('Payment authorised');
    const orderNo = await newestOrderNo(backend);
    const gatewayOrderNo = `${orderNo}-1`;
    await orderIn(backend, orderNo, 'authorised');
    await saveScreenshot(shopper.page, `sample-dialect-${tag}-shopper-paid`);
    expect(shopper.errorPages, 'error pages the shopper met').toEqual([]);
    expectNoCspViolations(shopper.csp);

    // the owner captures it (the sample dialect has no capture notification: the answer says it)
    const captured = await admin(backend, '/orders/capture', { body: { orders: [{ order_no: orderNo }] } });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.results).toEqual([expect.objectContaining({ order_no: orderNo, ok: true })]);
    await orderWhen(backend, orderNo, (o) => o.status === 'paid' && o.captured === '33.00', 'captured');

    // then refunds 10.00: received, accepted and succeeded at the gateway, each step a Refund notification
    const refunded = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: orderNo, amount: '10.00', reason: 'one T-shirt returned' }] },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.results).toEqual([expect.objectContaining({ order_no: orderNo, ok: true })]);
    await orderWhen(
      backend,
      orderNo,
      (o) => o.status === 'partially_refunded' && o.refunded === '10.00' && o.refunds[0]?.status === 'succeeded',
      'the refund succeeded',
    );

    // the cardholder's bank disputes 5.00 and the shop loses it: two Chargeback notifications, confirmed by query
    const dispute = await gateway.openDispute({
      order_no: gatewayOrderNo,
      amount: '5.00',
      reason: 'Merchandise not received',
    });
    await orderWhen(
      backend,
      orderNo,
      (o) => !!o.disputes?.some((d) => d.dispute_id === dispute.dispute_id && d.state === 'open'),
      'the dispute shown open',
    );
    await gateway.decideDispute(dispute.dispute_id, 'lost');
    const order = await orderWhen(
      backend,
      orderNo,
      (o) => !!o.disputes?.some((d) => d.dispute_id === dispute.dispute_id && d.outcome === 'lost'),
      'the dispute shown lost',
    );

    // the true states, on the backend's side...
    expect(order).toMatchObject({
      status: 'partially_refunded',
      amount: '33.00',
      captured: '33.00',
      refunded: '10.00',
      lost_in_disputes: '5.00',
    });
    expect(order.refunds.map((r) => [r.amount, r.status])).toEqual([['10.00', 'succeeded']]);
    expect(order.attempts).toHaveLength(1);
    // ...and on the gateway's: one payment, captured, refunded in part, disputed and lost
    const txs = await gateway.transactionsOfOrder(orderNo);
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ payment_status: '3100', captured_amount: '33.00', refunded_amount: '10.00' });
    expect((txs[0]!.refunds as { state: string }[]).map((r) => r.state)).toEqual(['succeeded']);
    expect(txs[0]!.dispute_status).toBe('7200');

    // every notification went out in the sample dialect, and every delivery of each was acknowledged with a 2xx
    const notes = await vi.waitFor(
      async () => {
        const list = await gateway.notifications(gatewayOrderNo);
        expect(list.map((n) => n.state)).toEqual(Array(6).fill('delivered'));
        return list;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(notes.map((n) => n.notify_type)).toEqual([
      'Payment',
      'Refund',
      'Refund',
      'Refund',
      'Chargeback',
      'Chargeback',
    ]);
    for (const n of notes) {
      expect(Object.keys(n.fields).every((f) => SAMPLE_FIELDS.includes(f) || REFUND_FIELDS.includes(f))).toBe(true);
      expect(n.fields).not.toHaveProperty('notify_id');
      expect(n.attempts.length, `attempts at ${n.notify_type}`).toBeGreaterThan(0);
      for (const a of n.attempts)
        expect(a.http_status, `${n.notify_type} answered ${a.http_status}: ${a.error ?? ''}`).toBeGreaterThanOrEqual(
          200,
        );
      for (const a of n.attempts) expect(a.http_status).toBeLessThan(300);
    }
    expect(shopper.errorPages, 'error pages the shopper met').toEqual([]);
  });

  it('a checkout the gateway refuses in its 200 envelope reaches the shopper as a refusal', async () => {
    const { backend, sandbox } = env.system;
    const gateway = sandboxApi(sandbox.url);
    // the gateway already holds a paid payment under the order number the backend's first attempt will use (as
    // another shop on the same account made it): it refuses the checkout with I0061, in a 200
    const orderNo = `SAMPLE-${tag}-${Date.now().toString(36)}`;
    await payAtGateway(sandbox.url, `${orderNo}-1`);
    const session = await createSession(backend, { order_no: orderNo, country: 'US' });

    const shopper = await env.open();
    await openSession(shopper, backend.url, session);
    const root = widget(shopper.page);
    await fillShopper(root);
    await payButton(root).click();

    // the widget says it did not go through, and the shopper may try again: no card frame, no "do not pay again"
    await root.locator('.ck-form [role="alert"]').waitFor();
    await root.locator('form.ck-form button[type="submit"][aria-disabled="false"]').waitFor();
    expect(await root.locator('iframe.ck-frame').count()).toBe(0);
    const order = await orderWhen(
      backend,
      orderNo,
      (o) => o.attempts[0]?.status === 'declined',
      'the refused attempt declined',
    );
    expect(order.attempts).toHaveLength(1);
    expect(order.attempts[0]!.message).toMatch(/^I0061:/);
    expect((await orderOf(backend, orderNo)).status).not.toBe('unknown');
    // nothing was created by the refused call: the gateway holds only the payment made before it
    expect(await gateway.transactions(`${orderNo}-1`)).toHaveLength(1);
    await saveScreenshot(shopper.page, `sample-dialect-${tag}-refused`);
    expect(shopper.errorPages, 'error pages the shopper met').toEqual([]);
    expectNoCspViolations(shopper.csp);
  });
});
