import { afterAll, beforeAll, expect, it } from 'vitest';
import { payByCard } from '../../gateway/testing/playShopper';
import { callJson, createSession, followReturn, paymentBody, startPix } from '../../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

const SHOP = 'http://shop.test';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('abandoning a pending payment (issue #19: the shopper is never stuck)', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  const pay = (sessionId: string, clientSecret: string, method: string, key: string) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/payments`, {
      body: paymentBody(clientSecret, method),
      headers: { 'Idempotency-Key': key, Origin: SHOP },
    });
  const abandon = (sessionId: string, paymentId: string, body: unknown) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/payments/${paymentId}/abandon`, {
      body,
      headers: { Origin: SHOP },
    });
  const view = (sessionId: string, clientSecret: string) =>
    callJson(`${backend.url}/api/sessions/${sessionId}`, {
      method: 'GET',
      headers: { 'X-Client-Secret': clientSecret, Origin: SHOP },
    });
  const attemptOf = (id: string) =>
    backend.store.db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a pending card attempt left for another method stops blocking: the next Pay starts and pays', async () => {
    const s = await createSession(backend);
    const card = await pay(s.id, s.client_secret, 'card', 'ab-1');
    expect(card.status).toBe(200);
    // before: the pending card attempt refuses every new payment
    const blocked = await pay(s.id, s.client_secret, 'card', 'ab-2');
    expect(blocked.status).toBe(409);

    const left = await abandon(s.id, card.body.payment_id, { client_secret: s.client_secret });
    expect(left.status).toBe(200);
    expect(left.headers.get('cache-control')).toBe('no-store');
    expect(left.body).toEqual({ payment_id: card.body.payment_id, status: 'pending' });
    // again: the same answer, nothing more happens
    expect((await abandon(s.id, card.body.payment_id, { client_secret: s.client_secret })).status).toBe(200);
    // still pending at the gateway, so still watched; its page can no longer be opened
    expect(await attemptOf(card.body.payment_id)).toMatchObject({
      status: 'pending',
      abandoned_at: expect.any(String),
      frame_form: null,
      next_check_at: expect.any(String),
    });
    expect((await fetch(card.body.action.url)).status).toBe(410);
    const resumed = await callJson(`${backend.url}/api/sessions/${s.id}/payments/${card.body.payment_id}/resume`, {
      body: { client_secret: s.client_secret },
      headers: { Origin: SHOP },
    });
    expect(resumed.status).toBe(409);
    // a reload shows the form again, not a payment to wait for
    const shown = await view(s.id, s.client_secret);
    expect(shown.body.status).toBe('created');
    expect(shown.body.payment).toBeUndefined();

    const next = await pay(s.id, s.client_secret, 'card', 'ab-3');
    expect(next.status).toBe(200);
    const frame = await fetch(next.body.action.url);
    await followReturn(await payByCard(await frame.text(), '4242424242424242'));
    expect((await view(s.id, s.client_secret)).body.payment).toMatchObject({
      payment_id: next.body.payment_id,
      status: 'authorised',
    });
  });

  it('a paid attempt cannot be abandoned (409), a declined one is already over (200)', async () => {
    const s = await createSession(backend);
    const card = await pay(s.id, s.client_secret, 'card', 'ab-paid');
    const html = await (await fetch(card.body.action.url)).text();
    await followReturn(await payByCard(html, '4000000000000002'));
    const declined = await abandon(s.id, card.body.payment_id, { client_secret: s.client_secret });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ payment_id: card.body.payment_id, status: 'declined' });

    const again = await pay(s.id, s.client_secret, 'card', 'ab-paid-2');
    const page = await (await fetch(again.body.action.url)).text();
    await followReturn(await payByCard(page, '4242424242424242'));
    const paid = await abandon(s.id, again.body.payment_id, { client_secret: s.client_secret });
    expect(paid.status).toBe(409);
    expect(paid.body.error).toMatchObject({
      code: 'session_completed',
      message: expect.stringContaining('authorised'),
    });
    expect((await attemptOf(again.body.payment_id)).abandoned_at).toBeNull();
  });

  it('shows a pending APM with its issuer page, and leaves it for another method', async () => {
    const { session, issuerUrl } = await startPix(backend);
    const pending = await view(session.id, session.client_secret);
    expect(pending.body.payment).toMatchObject({ status: 'pending', method: 'pix', redirect_url: issuerUrl });
    const left = await abandon(session.id, pending.body.payment.payment_id, { client_secret: session.client_secret });
    expect(left.status).toBe(200);
    expect((await pay(session.id, session.client_secret, 'pix', 'ab-pix-2')).status).toBe(200);
  });

  it('refuses a wrong secret, another session, an unknown payment, a missing or extra field', async () => {
    const s = await createSession(backend);
    const other = await createSession(backend);
    const card = await pay(s.id, s.client_secret, 'card', 'ab-bad');
    const id = card.body.payment_id as string;
    // as every widget route: a wrong secret and an unknown session get the same 404 (session ids are not confirmed)
    const wrong = await abandon(s.id, id, { client_secret: 'cs_wrong' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.code).toBe('not_found');
    expect((await abandon('ses_unknown', id, { client_secret: s.client_secret })).status).toBe(404);
    expect((await abandon(other.id, id, { client_secret: other.client_secret })).status).toBe(404);
    const unknown = await abandon(s.id, 'pay_unknown', { client_secret: s.client_secret });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('no payment with this id');
    const missing = await abandon(s.id, id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields[0].path).toBe('client_secret');
    const extra = await abandon(s.id, id, { client_secret: s.client_secret, reason: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields[0].path).toBe('reason');
    // none of these touched the attempt
    expect((await attemptOf(id)).abandoned_at).toBeNull();
    expect((await pay(s.id, s.client_secret, 'card', 'ab-bad-2')).status).toBe(409);
  });
});
