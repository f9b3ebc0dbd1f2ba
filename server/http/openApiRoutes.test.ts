import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BR_ORDER, DEMO_CART, followReturn, paymentBody } from '../../testing/shopClient';
import { payoutBody } from '../../testing/payoutBody';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { payByCard } from '../gateway/testing/playShopper';
import { cardTokenSeal } from '../store/cardTokenSeal';
import { listSavedCards, saveCardToken } from '../checkout/savedCards';
import type { AppEnv } from '../deps';
import { startShopEventWorker } from '../shopEvents';
import { totpCodeAt } from '../team/totp';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';
import { startBackend, type Backend } from '../testing/startBackend';
import { toOpenApiPath } from './openApi';
import { checkSchema, type Json, operationsOf } from './testing/openApiRules';

/**
 * The routes of the app that are not the JSON API, each with why: pages, the gateway's callbacks, the operator's
 * probes, static files. Every other route must be an operation of the document.
 */
const NOT_API: Record<string, string> = {
  'get /pay/frame/{token}': 'the card frame page (HTML) the widget shows in its iframe',
  'get /pay/return/{paymentId}': "the gateway's return of the shopper's browser (HTML)",
  'post /pay/return/{paymentId}': "the gateway's return of the shopper's browser (a form post, HTML)",
  'post /hooks/gateway': "the gateway's signed notifications (its own protocol, docs/gateway-api.md)",
  'get /healthz': "the operator's liveness probe",
  'get /readyz': "the operator's readiness probe",
  'get /metrics': 'Prometheus metrics',
  'get /admin/assets/{file}': "the admin page's files",
  'get /admin/*': 'the admin page',
  'get /': 'the demo shop page',
  'get /{file}': "the widget's scripts and stylesheet",
  'post /demo/sessions': "the demo shop's own server (DEMO=1 only)",
  'post /demo/shop-events': "the demo shop's own event receiver (DEMO=1 only)",
  'get /demo/shipments/{order_no}': "the demo shop's own page data (DEMO=1 only)",
  'get /openapi.json': 'this document',
  'get /docs/api': "this document's reference page",
};

/** Operations answered by a middleware before any route, so not among the app's routes. */
const BY_MIDDLEWARE: Record<string, string> = {
  'get /api/origin': 'answered by widgetCors (server/middleware/widgetCors.ts) for any origin',
};

/** `<method> <OpenAPI path>` of each route the app serves (its middleware, `ALL`, left out). */
function routesOf(app: Hono<AppEnv>): string[] {
  return [
    ...new Set(
      app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`),
    ),
  ];
}

/** What is wrong between the app's routes and the document: routes in neither, operations of no route. */
function coverageProblems(app: Hono<AppEnv>, doc: Json): string[] {
  const routes = routesOf(app);
  const documented = operationsOf(doc)
    .filter((o) => o.where === 'paths')
    .map((o) => `${o.method} ${o.path}`);
  return [
    ...routes.filter((r) => !documented.includes(r) && !NOT_API[r]).map((r) => `${r}: not in the document`),
    ...documented
      .filter((d) => !routes.includes(d) && !BY_MIDDLEWARE[d])
      .map((d) => `${d}: documented, but the app has no such route`),
    ...Object.keys(NOT_API)
      .filter((r) => !routes.includes(r))
      .map((r) => `${r}: listed as not API, but the app has no such route`),
  ];
}

/** Answers this test does not stage, each with why (and where it is tested for real). */
const NOT_STAGED: Record<string, string> = {
  'post /admin/api/orders/{order_no}/alerts/{alert_id}/refund 2xx':
    'a double payment is staged in server/refunds/doublePaymentRefund.test.ts',
  'post /admin/api/orders/{order_no}/alerts/{alert_id}/refund 409':
    'a double payment is staged in server/refunds/doublePaymentRefund.test.ts',
  'post /admin/api/payouts 409': 'two requests with one Idempotency-Key at the same moment',
};

describe('the OpenAPI document holds every route of the app, and each answers what it declares', () => {
  let sandbox: Sandbox;
  let backend: Backend;
  let worker: { stop(): Promise<void> };
  let doc: Json;
  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({
      gatewayUrl: sandbox.url,
      env: { ...BULK_ENV, AUTH_FAILURES_PER_IP: '100000', DEMO: '1' },
    });
    worker = startShopEventWorker(backend.deps);
    doc = (await fetch(`${backend.url}/openapi.json`).then((r) => r.json())) as Json;
  });
  afterAll(async () => {
    await worker?.stop();
    await backend?.close();
    await sandbox?.close();
  });

  it('each route of the app is an operation of the document or named as no API, and no operation is stale', () => {
    expect(coverageProblems(backend.app, doc)).toEqual([]);
  });

  it('a route added to the app without its operation fails the check', () => {
    const app = new Hono<AppEnv>().route('/', backend.app);
    expect(coverageProblems(app, doc)).toEqual([]);
    app.get('/admin/api/orders-new', (c) => c.json({}));
    expect(coverageProblems(app, doc)).toEqual(['get /admin/api/orders-new: not in the document']);
  });

  it('the reference page shows every operation and webhook from the document, under a CSP without scripts', async () => {
    const res = await fetch(`${backend.url}/docs/api`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[\w+/=]+'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)[\w.-]+\/[\w/-]*\.(?:js|css)/);
    for (const { op } of operationsOf(doc)) expect(html, op.operationId).toContain(`id="${op.operationId}"`);
    const payments = html.slice(html.indexOf('id="createPayment"'));
    for (const seen of ['Idempotency-Key', 'client_secret', 'shopper.first_name', '409', 'session_completed'])
      expect(payments.slice(0, payments.indexOf('</section>')), seen).toContain(seen);
  });

  it('every operation answers for real, errors included, with a status it declares and a body of its schema', async () => {
    const owner = { Authorization: `Bearer ${backend.config.adminToken}` };
    const shop = { Authorization: `Bearer ${backend.config.shopSecret}` };
    const origin = { Origin: new URL(backend.url).origin };
    const seen: { key: string; status: number; body: unknown }[] = [];
    /** One request to the operation `<method> <path>`, `{x}` filled from `params`; the answer is kept to judge. */
    const call = async (
      operation: string,
      init: {
        params?: Record<string, string>;
        query?: string;
        headers?: Record<string, string>;
        body?: unknown;
        raw?: { type: string; text: string };
      } = {},
    ) => {
      const [method, template] = operation.split(' ') as [string, string];
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(init.params?.[name] ?? ''));
      const res = await fetch(`${backend.url}${path}${init.query ? `?${init.query}` : ''}`, {
        method: method.toUpperCase(),
        headers: {
          ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(init.raw ? { 'Content-Type': init.raw.type } : {}),
          ...init.headers,
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        ...(init.raw ? { body: init.raw.text } : {}),
      });
      const text = await res.text();
      const json = res.headers.get('content-type')?.includes('json');
      const body = text ? (json ? (JSON.parse(text) as Json) : text) : undefined;
      seen.push({ key: operation, status: res.status, body });
      return { status: res.status, body: body as Json, headers: res.headers };
    };

    // --- the scene: orders in each state, an endpoint that receives events
    const gateway = sandboxApi(sandbox.url);
    const endpoint = await call('post /admin/api/shop-endpoints', {
      headers: owner,
      body: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(endpoint.status).toBe(201);
    const [authorised] = await makeOrders(backend, 1, 'authorised');
    const [review] = await makeOrders(backend, 1, 'review');
    const [paid, disputed] = await makeOrders(backend, 2, 'paid');

    // --- the shop's server
    const session = await call('post /api/sessions', { headers: shop, body: { ...BR_ORDER } });
    expect(session.status).toBe(201);
    const key = randomUUID();
    const cart = { ...DEMO_CART, order_no: `OAR-${Date.now()}` };
    expect(
      (await call('post /api/sessions', { headers: { ...shop, 'Idempotency-Key': key }, body: cart })).status,
    ).toBe(201);
    expect(
      (await call('post /api/sessions', { headers: { ...shop, 'Idempotency-Key': key }, body: cart })).status,
    ).toBe(200);
    const otherBody = { ...cart, note: 'another' };
    expect(
      (await call('post /api/sessions', { headers: { ...shop, 'Idempotency-Key': key }, body: otherBody })).status,
    ).toBe(422);
    expect((await call('post /api/sessions', { headers: shop, body: cart })).status).toBe(409);
    const ids = { id: session.body.id };
    const secret = { 'X-Client-Secret': session.body.client_secret };
    expect((await call('get /api/sessions/{id}', { params: ids, headers: shop })).status).toBe(200);
    expect((await call('get /api/sessions/{id}', { params: ids, headers: secret })).status).toBe(200);
    expect((await call('get /api/sessions/{id}', { params: ids, headers: secret, query: 'locale=%%' })).status).toBe(
      400,
    );
    expect(
      (await call('get /api/orders/{order_no}', { params: { order_no: paid!.order_no }, headers: shop })).status,
    ).toBe(200);
    await vi.waitFor(async () => {
      expect((await call('get /api/events', { headers: shop })).body.events.length).toBeGreaterThan(0);
    });
    expect((await call('get /api/events', { headers: shop, query: 'limit=0' })).status).toBe(400);
    expect((await call('get /api/origin', { headers: { Origin: 'http://shop.test' } })).status).toBe(204);
    expect((await call('get /api/origin', { headers: { Origin: 'http://elsewhere.test' } })).status).toBe(403);

    // --- the widget: a Pix attempt started, resumed, abandoned; a card paid; a saved card removed
    const payKey = randomUUID();
    const pix = paymentBody(session.body.client_secret, 'pix');
    const started = await call('post /api/sessions/{id}/payments', {
      params: ids,
      headers: { 'Idempotency-Key': payKey },
      body: pix,
    });
    expect(started.status).toBe(200);
    const withPayment = { ...ids, paymentId: started.body.payment_id };
    const clientSecret = { client_secret: session.body.client_secret };
    expect(
      (
        await call('post /api/sessions/{id}/payments', {
          params: ids,
          headers: { 'Idempotency-Key': payKey },
          body: { ...pix, method: 'card' },
        })
      ).status,
    ).toBe(422);
    expect((await call('post /api/sessions/{id}/payments', { params: ids, body: pix })).status).toBe(400);
    const resume = 'post /api/sessions/{id}/payments/{paymentId}/resume';
    const abandon = 'post /api/sessions/{id}/payments/{paymentId}/abandon';
    // an APM's page is its own: only a card page is reopened
    expect((await call(resume, { params: withPayment, body: clientSecret })).status).toBe(409);
    expect((await call(abandon, { params: withPayment, body: clientSecret })).status).toBe(200);
    const card = await call('post /api/sessions', { headers: shop, body: { amount: '20.00', currency: 'USD' } });
    const cardIds = { id: card.body.id };
    const cardPayment = await call('post /api/sessions/{id}/payments', {
      params: cardIds,
      headers: { 'Idempotency-Key': randomUUID() },
      body: paymentBody(card.body.client_secret, 'card'),
    });
    expect(cardPayment.status).toBe(200);
    const reopened = await call(resume, {
      params: { ...cardIds, paymentId: cardPayment.body.payment_id },
      body: { client_secret: card.body.client_secret },
    });
    expect(reopened.status).toBe(200);
    await followReturn(await payByCard(await (await fetch(reopened.body.action.url)).text(), '4242424242424242'));
    const again = await call('post /api/sessions/{id}/payments', {
      params: cardIds,
      headers: { 'Idempotency-Key': randomUUID() },
      body: paymentBody(card.body.client_secret, 'card'),
    });
    expect(again.status).toBe(409);
    expect(
      (
        await call('post /api/sessions/{id}/payments/{paymentId}/abandon', {
          params: { ...cardIds, paymentId: cardPayment.body.payment_id },
          body: { client_secret: card.body.client_secret },
        })
      ).status,
    ).toBe(409);
    const seal = cardTokenSeal(backend.config.tokenKey);
    const shopperId = `oa-${randomUUID()}`;
    const at = new Date().toISOString();
    await saveCardToken(
      backend.store.db,
      seal,
      { shopperId, tokenId: 'tok_oa', label: 'Visa •••• 4242', attemptId: 'att_oa' },
      at,
    );
    const savedCardId = (await listSavedCards(backend.store.db, shopperId))[0]!.id;
    const saver = await call('post /api/sessions', { headers: shop, body: { ...DEMO_CART, shopper_id: shopperId } });
    const saverSecret = { 'X-Client-Secret': saver.body.client_secret };
    const removeCard = 'delete /api/sessions/{id}/saved-cards/{cardId}';
    expect(
      (await call(removeCard, { params: { id: saver.body.id, cardId: savedCardId }, headers: saverSecret })).status,
    ).toBe(204);
    expect(
      (await call(removeCard, { params: { id: saver.body.id, cardId: savedCardId }, headers: saverSecret })).status,
    ).toBe(404);

    // --- a person of the team: added, welcomed, signed in, two-factor, password; then the team's routes
    const added = await call('post /admin/api/users', {
      headers: owner,
      body: { email: 'oa@shop.test', role: 'owner' },
    });
    expect(added.status).toBe(201);
    expect(
      (await call('post /admin/api/users', { headers: owner, body: { email: 'oa@shop.test', role: 'owner' } })).status,
    ).toBe(409);
    const token = new URLSearchParams(new URL(added.body.sign_in_link.url).hash.split('?')[1]).get('token')!;
    const password = 'a long enough password 1';
    expect((await call('post /admin/api/welcome', { headers: origin, body: { token, password } })).status).toBe(200);
    expect((await call('post /admin/api/welcome', { headers: origin, body: { token, password } })).status).toBe(400);
    const signIn = { email: 'oa@shop.test', password };
    expect(
      (await call('post /admin/api/sign-in', { headers: origin, body: { ...signIn, password: 'wrong' } })).status,
    ).toBe(401);
    const signedIn = await call('post /admin/api/sign-in', { headers: origin, body: signIn });
    expect(signedIn.status).toBe(200);
    const cookieOf = (headers: Headers) =>
      headers
        .getSetCookie()
        .find((c) => /admin_session=/.test(c))!
        .split(';')[0]!;
    let person = { ...origin, Cookie: cookieOf(signedIn.headers) };
    expect((await call('get /admin/api/me', { headers: person })).status).toBe(200);
    expect((await call('post /admin/api/me/totp', { headers: owner })).status).toBe(403);
    const enrolment = await call('post /admin/api/me/totp', { headers: person });
    expect(enrolment.status).toBe(200);
    expect((await call('post /admin/api/me/totp/confirm', { headers: person, body: { code: '000000' } })).status).toBe(
      400,
    );
    const code = totpCodeAt(enrolment.body.secret, Date.now());
    expect((await call('post /admin/api/me/totp/confirm', { headers: person, body: { code } })).status).toBe(200);
    expect((await call('post /admin/api/me/totp', { headers: person })).status).toBe(409);
    expect((await call('post /admin/api/me/totp/confirm', { headers: person, body: { code } })).status).toBe(409);
    const notJson = { type: 'text/plain', text: 'code=1' };
    expect((await call('post /admin/api/me/totp/confirm', { headers: person, raw: notJson })).status).toBe(415);
    expect((await call('post /admin/api/me/password', { headers: person, raw: notJson })).status).toBe(415);
    const wrongPassword = { current_password: 'not it', new_password: 'another long password 2' };
    expect((await call('post /admin/api/me/password', { headers: person, body: wrongPassword })).status).toBe(400);
    const newPassword = { current_password: password, new_password: 'another long password 2' };
    const changed = await call('post /admin/api/me/password', { headers: person, body: newPassword });
    expect(changed.status).toBe(200);
    person = { ...origin, Cookie: cookieOf(changed.headers) };
    expect((await call('post /admin/api/sign-out-everywhere', { headers: person })).status).toBe(200);
    expect((await call('post /admin/api/sign-out', { headers: owner })).status).toBe(204);
    const oa = { id: added.body.user.id };
    expect((await call('get /admin/api/users', { headers: owner })).status).toBe(200);
    expect(
      (await call('patch /admin/api/users/{id}', { params: oa, headers: owner, body: { role: 'finance' } })).status,
    ).toBe(409);
    const other = await call('post /admin/api/users', {
      headers: owner,
      body: { email: 'ob@shop.test', role: 'viewer' },
    });
    expect(
      (
        await call('patch /admin/api/users/{id}', {
          params: { id: other.body.user.id },
          headers: owner,
          body: { disabled: true },
        })
      ).status,
    ).toBe(200);
    for (const action of ['reset-password', 'reset-2fa', 'unlock'])
      expect((await call(`post /admin/api/users/{id}/${action}`, { params: oa, headers: owner })).status, action).toBe(
        200,
      );

    // --- API keys, settings, payment methods
    const created = await call('post /admin/api/keys', {
      headers: owner,
      body: { name: 'openapi test', role: 'viewer' },
    });
    expect(created.status).toBe(201);
    expect((await call('get /admin/api/keys', { headers: owner })).status).toBe(200);
    expect(
      (await call('delete /admin/api/keys/{id}', { params: { id: created.body.id }, headers: owner })).status,
    ).toBe(200);
    expect((await call('get /admin/api/me', { headers: { Authorization: `Bearer ${created.body.key}` } })).status).toBe(
      401,
    );
    for (const setting of ['support-refund-limit', 'double-payment-refund']) {
      const current = await call(`get /admin/api/settings/${setting}`, { headers: owner });
      expect(current.status).toBe(200);
      expect((await call(`put /admin/api/settings/${setting}`, { headers: owner, body: current.body })).status).toBe(
        200,
      );
    }
    const methods = await call('get /admin/api/payment-methods', { headers: owner });
    expect((await call('put /admin/api/payment-methods', { headers: owner, body: methods.body })).status).toBe(200);

    // --- orders: the lists, the bulk actions (a refund that fails, then its retry), a sync, the audit log
    const orderNo = { order_no: paid!.order_no };
    expect((await call('get /admin/api/orders', { headers: owner, query: 'limit=5' })).status).toBe(200);
    expect((await call('get /admin/api/orders/{order_no}', { params: orderNo, headers: owner })).status).toBe(200);
    const exported = await call('get /admin/api/orders/export', { headers: owner, query: 'locale=de-DE' });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatch(/^order_no;status;/);
    expect(
      (
        await call('post /admin/api/orders/capture', {
          headers: owner,
          body: { orders: [{ order_no: authorised!.order_no }] },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('post /admin/api/orders/cancel', { headers: owner, body: { orders: [{ order_no: 'nope' }] } }))
        .status,
    ).toBe(200);
    expect(
      (
        await call('post /admin/api/orders/review', {
          headers: owner,
          body: { orders: [{ order_no: review!.order_no, approve: true }] },
        })
      ).status,
    ).toBe(200);
    await gateway.refundOutcome(paid!.gateway_order_no, 'fail');
    const refundKey = { ...owner, 'Idempotency-Key': randomUUID() };
    const refund = { orders: [{ order_no: paid!.order_no, amount: '1.00' }] };
    expect((await call('post /admin/api/orders/refund', { headers: refundKey, body: refund })).status).toBe(200);
    expect(
      (
        await call('post /admin/api/orders/refund', {
          headers: refundKey,
          body: { orders: [{ order_no: paid!.order_no }] },
        })
      ).status,
    ).toBe(422);
    const retry = 'post /admin/api/orders/{order_no}/refunds/{seq}/retry';
    await vi.waitFor(
      async () => {
        const detail = await call('get /admin/api/orders/{order_no}', { params: orderNo, headers: owner });
        expect(detail.body.refunds[0]?.status).toBe('failed');
      },
      { timeout: 15_000, interval: 200 },
    );
    expect((await call(retry, { params: { ...orderNo, seq: '1' }, headers: owner })).status).toBe(200);
    // a refund that did not fail is not sent again
    const kept = { orders: [{ order_no: disputed!.order_no, amount: '1.00' }] };
    expect((await call('post /admin/api/orders/refund', { headers: owner, body: kept })).status).toBe(200);
    const keptRefund = { order_no: disputed!.order_no, seq: '1' };
    expect((await call(retry, { params: keptRefund, headers: owner })).status).toBe(409);
    expect((await call(retry, { params: { ...orderNo, seq: 'x' }, headers: owner })).status).toBe(400);
    expect(
      (await call('post /admin/api/orders/sync', { headers: owner, body: { order_nos: [paid!.order_no] } })).status,
    ).toBe(200);
    expect((await call('get /admin/api/events', { headers: owner, query: 'limit=20' })).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call('get /admin/api/stats', { headers: owner, query: `from=${today}&to=${today}` })).status).toBe(
      200,
    );
    expect((await call('get /admin/api/refunds', { headers: owner, query: 'status=failed' })).status).toBe(200);

    // --- a dispute from the gateway
    const opened = await gateway.openDispute({ transaction_id: disputed!.transaction_id, amount: '5.00' });
    await vi.waitFor(
      async () => {
        const found = await call('get /admin/api/disputes/{dispute_id}', {
          params: { dispute_id: opened.dispute_id },
          headers: owner,
        });
        expect(found.status).toBe(200);
      },
      { timeout: 15_000, interval: 200 },
    );
    expect((await call('get /admin/api/disputes', { headers: owner })).status).toBe(200);
    expect((await call('get /admin/api/disputes/summary', { headers: owner })).status).toBe(200);

    // --- payouts and recipients
    expect((await call('post /admin/api/payouts/review', { headers: owner, body: payoutBody() })).status).toBe(200);
    const payoutKey = { ...owner, 'Idempotency-Key': randomUUID() };
    const payout = await call('post /admin/api/payouts', { headers: payoutKey, body: payoutBody() });
    expect(payout.status).toBeLessThan(300);
    expect(
      (await call('post /admin/api/payouts', { headers: payoutKey, body: payoutBody({ reason: 'other' }) })).status,
    ).toBe(422);
    expect((await call('post /admin/api/payouts', { headers: owner, body: payoutBody() })).status).toBe(400);
    expect((await call('get /admin/api/payouts', { headers: owner })).status).toBe(200);
    expect((await call('get /admin/api/payouts/{id}', { params: { id: payout.body.id }, headers: owner })).status).toBe(
      200,
    );
    const recipient = {
      name: 'Fornecedor GmbH',
      payment_method: 'SWIFT',
      beneficiary: {
        entity_type: 'COMPANY',
        company_name: 'Fornecedor GmbH',
        address: { city: 'Berlin', country_code: 'DE' },
        bank_details: { account_name: 'Fornecedor GmbH', iban: 'DE89370400440532013000', swift_code: 'COBADEFF' },
      },
    };
    const saved = await call('post /admin/api/recipients', { headers: owner, body: recipient });
    expect(saved.status).toBe(201);
    const rc = { id: saved.body.id };
    expect((await call('get /admin/api/recipients', { headers: owner })).status).toBe(200);
    expect((await call('get /admin/api/recipients/{id}', { params: rc, headers: owner })).status).toBe(200);
    expect(
      (
        await call('put /admin/api/recipients/{id}', {
          params: rc,
          headers: owner,
          body: { ...recipient, name: 'Renamed' },
        })
      ).status,
    ).toBe(200);
    expect((await call('post /admin/api/recipients/{id}/archive', { params: rc, headers: owner })).status).toBe(200);
    expect((await call('put /admin/api/recipients/{id}', { params: rc, headers: owner, body: recipient })).status).toBe(
      409,
    );

    // --- the shop's endpoints and deliveries
    const ep = { id: endpoint.body.endpoint.id };
    expect((await call('get /admin/api/shop-endpoints', { headers: owner })).status).toBe(200);
    expect((await call('get /admin/api/shop-endpoints/{id}', { params: ep, headers: owner })).status).toBe(200);
    expect(
      (
        await call('patch /admin/api/shop-endpoints/{id}', {
          params: ep,
          headers: owner,
          body: { description: 'openapi' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('post /admin/api/shop-endpoints/{id}/roll-secret', { params: ep, headers: owner, body: {} })).status,
    ).toBe(200);
    expect((await call('post /admin/api/shop-endpoints/{id}/test', { params: ep, headers: owner })).status).toBe(202);
    const deliveries = await call('get /admin/api/shop-endpoints/deliveries', { headers: owner });
    expect(deliveries.status).toBe(200);
    const delivery = { id: deliveries.body.deliveries[0].id };
    expect(
      (await call('post /admin/api/shop-endpoints/deliveries/{id}/resend', { params: delivery, headers: owner }))
        .status,
    ).toBe(202);
    expect((await call('delete /admin/api/shop-endpoints/{id}', { params: ep, headers: owner })).status).toBe(204);

    // --- the errors that need a scene: an id of nothing, a key reused for another body
    const noSession = { params: { id: 'nope' }, headers: { 'Idempotency-Key': randomUUID() }, body: pix };
    expect((await call('post /api/sessions/{id}/payments', noSession)).status).toBe(404);
    expect((await call(retry, { params: { ...orderNo, seq: '9' }, headers: owner })).status).toBe(404);
    const nobody = { id: 'nope' };
    expect(
      (await call('patch /admin/api/users/{id}', { params: nobody, headers: owner, body: { disabled: true } })).status,
    ).toBe(404);
    for (const action of ['capture', 'cancel', 'review']) {
      const reused = { ...owner, 'Idempotency-Key': randomUUID() };
      await call(`post /admin/api/orders/${action}`, { headers: reused, body: { orders: [{ order_no: 'a' }] } });
      const second = await call(`post /admin/api/orders/${action}`, {
        headers: reused,
        body: { orders: [{ order_no: 'b' }] },
      });
      expect(second.status, action).toBe(422);
    }

    // --- the same bad requests of each operation: no credential, unknown ids, an unknown field, a body not JSON,
    // an unknown query parameter; a body is sent to a thing that exists, so that its own checks are reached
    const probeRecipient = await call('post /admin/api/recipients', { headers: owner, body: recipient });
    const probeEndpoint = await call('post /admin/api/shop-endpoints', {
      headers: owner,
      body: { url: 'http://127.0.0.1:9/b' },
    });
    const existing: Record<string, Record<string, string>> = {
      '/api/sessions/{id}/payments': ids,
      '/api/sessions/{id}/payments/{paymentId}/resume': withPayment,
      '/api/sessions/{id}/payments/{paymentId}/abandon': withPayment,
      '/admin/api/recipients/{id}': { id: probeRecipient.body.id },
      '/admin/api/shop-endpoints/{id}': { id: probeEndpoint.body.endpoint.id },
      '/admin/api/shop-endpoints/{id}/roll-secret': { id: probeEndpoint.body.endpoint.id },
      '/admin/api/users/{id}': { id: other.body.user.id },
    };
    const credentialOf = (op: Json) => {
      const security = JSON.stringify(op.security ?? []);
      return security.includes('adminKey') ? { ...owner, ...origin } : security.includes('shopKey') ? shop : origin;
    };
    for (const { method, path, op } of operationsOf(doc).filter((o) => o.where === 'paths')) {
      const operation = `${method} ${path}`;
      const nope = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'nope']));
      const hasBody = Boolean(op.requestBody);
      const headers = { ...credentialOf(op), 'X-Client-Secret': 'nope', 'Idempotency-Key': randomUUID() };
      if ((op.security ?? []).length) await call(operation, { params: nope, ...(hasBody ? { body: {} } : {}) });
      if (Object.keys(nope).length)
        await call(operation, {
          params: nope,
          headers,
          ...(hasBody ? { body: path.startsWith('/api/sessions/') ? clientSecret : {} } : {}),
        });
      if (hasBody) {
        const params = existing[path] ?? nope;
        await call(operation, { params, headers, body: { not_a_field: 1 } });
        await call(operation, { params, headers, raw: { type: 'text/plain', text: 'a=1' } });
      }
      if ((op.parameters as Json[]).some((p) => p.in === 'query'))
        await call(operation, { params: nope, headers, query: 'not_a_param=1' });
    }
    await call('post /api/sessions', { headers: shop, body: { ...DEMO_CART, note: 'x'.repeat(70_000) } });

    // each answer is declared, with a body of its schema (or none where it declares none)
    const problems = seen.flatMap(({ key: operation, status, body }) => {
      const [method, path] = operation.split(' ') as [string, string];
      const declared = doc.paths[path]?.[method]?.responses[String(status)];
      if (!declared) return [`${operation} ${status}: not declared (${JSON.stringify(body).slice(0, 200)})`];
      const schema = (Object.values(declared.content ?? {}) as Json[])[0]?.schema;
      if (!schema) return body === undefined ? [] : [`${operation} ${status}: a body where none is declared`];
      const problem = checkSchema(doc, schema, body);
      return problem ? [`${operation} ${status}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);

    // each operation answered a success, and each error it declares for a credential, an id or a body
    const statuses = new Map<string, Set<string>>();
    for (const { key: operation, status } of seen)
      statuses.set(operation, (statuses.get(operation) ?? new Set()).add(String(status)));
    const missing = operationsOf(doc)
      .filter((o) => o.where === 'paths')
      .flatMap(({ method, path, op }) => {
        const operation = `${method} ${path}`;
        const got = statuses.get(operation) ?? new Set<string>();
        const wanted = Object.keys(op.responses).filter((s) => /^(2..|400|401|404|409|415|422)$/.test(s));
        return wanted
          .filter((s) => !got.has(s) && !(s.startsWith('2') && [...got].some((g) => g.startsWith('2'))))
          .filter((s) => !NOT_STAGED[`${operation} ${s.startsWith('2') ? '2xx' : s}`])
          .map((s) => `${operation} ${s}`);
      });
    expect(missing).toEqual([]);
  });
});
