import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { payByCard } from '../../gateway/testing/playShopper';
import { faultyGatewayFetch } from '../../testing/faultyGatewayFetch';
import { callJson, createSession, paymentBody } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

const SHOP = 'http://shop.test';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

/** What the frame's loading page does in the browser: posts its form (checkout step 2) to the gateway. */
async function postLoadingPage(html: string): Promise<Response> {
  const action = /<form\b[^>]*\baction="([^"]*)"/i.exec(html)![1]!.replace(/&amp;/g, '&');
  const unescapeHtml = (s: string) =>
    s.replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
    );
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.append(unescapeHtml(name!), unescapeHtml(value!));
  return fetch(action, { method: 'POST', body: fields, redirect: 'manual' });
}

describeOnStores('resuming a pending card payment (reload during card entry)', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    // notifications are dropped: the return (and its query) settles the payment, so each state is reached on cue
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      gatewayFetch: faultyGatewayFetch({ dropNotifications: true }).fetch,
    });
  });
  afterAll(() => backend?.close());

  const pay = (sessionId: string, body: unknown, key: string) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/payments`, {
      body,
      headers: { 'Idempotency-Key': key, Origin: SHOP },
    });
  const resume = (sessionId: string, paymentId: string, clientSecret: unknown, origin = SHOP) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/payments/${paymentId}/resume`, {
      body: { client_secret: clientSecret },
      headers: { Origin: origin },
    });
  const attemptOf = (id: string) =>
    backend.store.db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const gatewayTransactions = async (orderNo: string) =>
    (
      (await (await fetch(`${sandbox.url}/sandbox/transactions?order_no=${encodeURIComponent(orderNo)}`)).json()) as {
        transactions: { payment_status: string }[];
      }
    ).transactions;
  const gatewayCheckoutPosts = async (orderNo: string) =>
    (
      (await (
        await fetch(
          `${sandbox.url}/sandbox/requests/count?endpoint=/v1/checkout&order_no=${encodeURIComponent(orderNo)}`,
        )
      ).json()) as { count: number }
    ).count;
  const checkoutCallsSent = (orderNo: string) =>
    backend.store.db
      .selectFrom('audit_events')
      .selectAll()
      .where('kind', '=', 'gateway_call')
      .where('order_no', '=', orderNo)
      .where('summary', 'like', 'checkout %')
      .execute();

  it('reopens the same checkout under a fresh one-time link, the old link dies, and the card pays once', async () => {
    const s = await createSession(backend);
    const first = await pay(s.id, paymentBody(s.client_secret, 'card'), 'resume-1');
    expect(first.status).toBe(200);
    const paymentId: string = first.body.payment_id;
    const orderNo = `${s.order_no}-1`;

    // the frame loads and shows the card page; then the shop page is reloaded before the card is sent
    const firstPage = await fetch(first.body.action.url);
    expect(firstPage.status).toBe(200);
    const html = await firstPage.text();
    expect((await postLoadingPage(html)).status).toBe(200);
    expect((await fetch(first.body.action.url)).status).toBe(410);

    const minted = await resume(s.id, paymentId, s.client_secret);
    expect(minted.status).toBe(200);
    expect(minted.headers.get('cache-control')).toBe('no-store');
    expect(minted.body).toEqual({
      payment_id: paymentId,
      action: {
        type: 'iframe',
        url: expect.stringMatching(new RegExp(`^${backend.url}/pay/frame/[A-Za-z0-9_-]{43}$`)),
        // the gateway's card page origin, whose height messages the widget takes
        frame_origin: new URL(sandbox.url).origin,
      },
    });
    expect(minted.body.action.url).not.toBe(first.body.action.url);

    // a second reload mints another link: the one never opened dies with it
    const again = await resume(s.id, paymentId, s.client_secret);
    expect(again.status).toBe(200);
    expect((await fetch(minted.body.action.url)).status).toBe(410);
    const reopened = await fetch(again.body.action.url);
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get('content-security-policy')).toContain(`form-action ${new URL(sandbox.url).origin}`);
    const reopenedHtml = await reopened.text();
    expect(reopenedHtml).toBe(html);
    expect((await fetch(again.body.action.url)).status).toBe(410);

    // the gateway shows the same pending order's card page again, and the card pays it
    const returned = await payByCard(reopenedHtml, '4242424242424242');
    expect(returned.query.order_no).toBe(orderNo);
    expect((await fetch(returned.returnUrl)).status).toBe(200);
    expect(await attemptOf(paymentId)).toMatchObject({ status: 'authorised', frame_form: null });

    const transactions = await gatewayTransactions(orderNo);
    expect(transactions.map((t) => t.payment_status)).toEqual(['2000']);
    expect(await checkoutCallsSent(orderNo)).toHaveLength(1);
    // one checkout (step 1, from the backend) and the two step-2 posts of the card pages shown
    expect(await gatewayCheckoutPosts(orderNo)).toBe(3);

    // settled: nothing left to reopen, and the last link stays dead
    const late = await resume(s.id, paymentId, s.client_secret);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('authorised') });
    expect((await fetch(again.body.action.url)).status).toBe(410);
  });

  it('a link minted before the payment settled no longer opens the page after it', async () => {
    const s = await createSession(backend);
    const first = await pay(s.id, paymentBody(s.client_secret, 'card'), 'resume-2');
    const html = await (await fetch(first.body.action.url)).text();
    // a reload mints a link, but the card is sent from the page that was already open
    const unopened = await resume(s.id, first.body.payment_id, s.client_secret);
    expect((await fetch(first.body.action.url)).status).toBe(410);
    const returned = await payByCard(html, '4000000000000002');
    await fetch(returned.returnUrl);
    expect((await attemptOf(first.body.payment_id)).status).toBe('declined');
    expect((await fetch(unopened.body.action.url)).status).toBe(410);
    expect((await resume(s.id, first.body.payment_id, s.client_secret)).status).toBe(409);
  });

  it('refuses an APM payment, another session, a wrong secret, a missing secret and another origin', async () => {
    const pixSession = await createSession(backend, {
      amount: '50.00',
      currency: 'BRL',
      items: undefined,
      country: 'BR',
    });
    const pix = await pay(pixSession.id, paymentBody(pixSession.client_secret, 'pix'), 'resume-pix');
    expect(pix.body.action.type).toBe('redirect');
    const apm = await resume(pixSession.id, pix.body.payment_id, pixSession.client_secret);
    expect(apm.status).toBe(409);
    expect(apm.body.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('only a card payment') });

    const s = await createSession(backend);
    const card = await pay(s.id, paymentBody(s.client_secret, 'card'), 'resume-3');
    // as every widget route: a wrong secret and an unknown session get the same 404
    const wrongSecret = await resume(s.id, card.body.payment_id, 'cs_wrong');
    expect(wrongSecret.status).toBe(404);
    expect(wrongSecret.body.error.code).toBe('not_found');
    expect((await resume('ses_unknown', card.body.payment_id, s.client_secret)).status).toBe(404);
    // the right session's secret does not open another session's payment
    expect((await resume(pixSession.id, card.body.payment_id, pixSession.client_secret)).status).toBe(404);
    expect((await resume(s.id, 'pay_unknown', s.client_secret)).status).toBe(404);
    const missing = await resume(s.id, card.body.payment_id, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields[0].path).toBe('client_secret');
    expect((await resume(s.id, card.body.payment_id, s.client_secret, 'http://evil.test')).status).toBe(403);

    // none of these refusals touched the first link
    expect((await fetch(card.body.action.url)).status).toBe(200);
    expect(await gatewayTransactions(`${s.order_no}-1`)).toHaveLength(1);
  });

  it('is rate-limited with the payments of its session', async () => {
    const limited = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { RATE_LIMIT_PAYMENTS_PER_MINUTE: '2' },
    });
    try {
      const s = await createSession(limited);
      const card = await callJson(`${limited.url}/api/sessions/${s.id}/payments`, {
        body: paymentBody(s.client_secret, 'card'),
        headers: { 'Idempotency-Key': 'rl-1', Origin: SHOP },
      });
      const call = () =>
        callJson(`${limited.url}/api/sessions/${s.id}/payments/${card.body.payment_id}/resume`, {
          body: { client_secret: s.client_secret },
          headers: { Origin: SHOP },
        });
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
