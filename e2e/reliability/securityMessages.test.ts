/**
 * Messages an attacker can shape: a notification with a forged, missing or borrowed signature; amounts changed
 * by the browser (in the payment call, the return link, a notification); XML with a DOCTYPE or entity expansion
 * from a compromised or spoofed gateway, and XML sent to the backend; NUL characters and SQL in ids and
 * filters. Each is refused (a notification of this merchant account: acknowledged as a cue, issue #31), applies
 * nothing, and leaves a masked trace in the audit log where one belongs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { BULK_ENV } from '../../server/testing/makeOrders';
import { DEMO_DEFAULTS } from '../../server/config';
import { pressIssuerButton } from '../../server/gateway/testing/playShopper';
import {
  callJson,
  paymentBody,
  createSession,
  BR_ORDER,
  paidPixOrder,
  startPayment,
  startPix,
} from '../../testing/shopClient';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { cuesDone } from '../../server/testing/cuesDone';
import { describeOnStores } from '../../server/testing/storeVariants';
import { sign } from '../../shared/gateway/hashNode';
import { AUTO } from '../../sandbox/testing/gatewayCalls';
import { admin, auditLines, auditOf, orderOf } from '../../testing/adminClient';
import { addFault, clearCountingFaults } from './lib/faults';
import { useTally } from './lib/tally';

const tally = useTally('securityMessages');

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
afterAll(() => sandbox?.close());

describe('notifications', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ gatewayUrl: sandbox.url, env: BULK_ENV });
  });
  afterAll(() => backend?.close());
  afterEach(() => clearCountingFaults(sandbox.url, tally));

  /** A Pix payment approved at the gateway whose signed PAYMENT notification the test holds (the sandbox drops it). */
  async function heldNotification() {
    const { session, issuerUrl } = await startPix(backend.url);
    const gatewayNo = (await orderOf(backend.url, session.order_no)).attempts[0]!.gateway_order_no;
    await addFault(sandbox.url, { endpoint: 'notify', order_no: gatewayNo, times: 1, fault: { kind: 'drop' } });
    await pressIssuerButton(issuerUrl, 'approve');
    const n = await vi.waitFor(
      async () => {
        const found = (await sandboxApi(sandbox.url).notifications(gatewayNo)).find(
          (x) => x.notify_type === 'PAYMENT' && x.state === 'delivered',
        );
        expect(found, 'the notification').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    return { session, form: n.fields };
  }
  const deliver = async (form: Record<string, string> | string) => {
    const res = await fetch(`${backend.url}/hooks/gateway`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: typeof form === 'string' ? form : new URLSearchParams(form),
    });
    return `${res.status} ${await res.text()}`;
  };

  // issue #31: a notification is a cue. A forged one used to be refused (400 "invalid signature"); it is now
  // acknowledged like any other of this merchant account, applies nothing, and its payment is queried: only the
  // gateway's answer moves the order. One naming another merchant account is still refused.
  it('a forged, missing, borrowed or stretched signature is acknowledged and applies nothing; only the query moves the order', async () => {
    const { session, form } = await heldNotification();
    const gatewayNo = form.order_no!;
    const queries = () => sandboxApi(sandbox.url).requestCount('/v1/retrievalTrans', gatewayNo);
    const { encryption_data: signature, ...unsigned } = form;
    const forgeries: Record<string, Record<string, string>> = {
      'no signature': unsigned,
      'an empty signature': { ...unsigned, encryption_data: '' },
      'random hex': { ...unsigned, encryption_data: 'ab'.repeat(32) },
      'signed with another key': { ...unsigned, encryption_data: sign('notification', unsigned, 'sk_guessed_key') },
      "signed with the other account's key": { ...unsigned, encryption_data: sign('notification', unsigned, AUTO.key) },
      'another account, signed with its own key': {
        ...unsigned,
        account_id: AUTO.account_id,
        encryption_data: sign('notification', { ...unsigned, account_id: AUTO.account_id }, AUTO.key),
      },
      'the amount changed': { ...form, amount: '0.01' },
      'the status changed': { ...form, payment_status: '4100' },
      'the order changed': { ...form, order_no: `${form.order_no}x` },
      'the signature of another message': {
        ...unsigned,
        encryption_data: sign('query', unsigned, DEMO_DEFAULTS.SIGN_KEY),
      },
      'the signature with a character more': { ...form, encryption_data: `${signature}0` },
    };
    const burstStarted = Date.now();
    for (const [what, forged] of Object.entries(forgeries))
      expect(await deliver(forged), what).toBe(
        what.startsWith('another account') ? '400 not a notification of this merchant account' : '200 success',
      );
    const burstMs = Date.now() - burstStarted;
    // none is applied: the query they prompt (docs/protocol-decisions.md 6) finds the order paid
    await vi.waitFor(async () => expect((await orderOf(backend.url, session.order_no)).status).toBe('paid'));
    const cues = await cuesDone(backend, gatewayNo);
    const applied = await backend.store.db
      .selectFrom('notifications')
      .select('notify_id')
      .where('order_no', '=', gatewayNo)
      .execute();
    expect(applied).toEqual([]);
    expect((await auditLines(backend.url, session.order_no)).filter((l) => l.startsWith('notification: '))).toEqual([]);
    // stored deduplicated (they share the genuine notify_id), never with a signature
    expect(cues).toHaveLength(1);
    expect(cues.map((c) => c.verified)).toEqual([0]);
    expect(cues[0]!.payload).not.toMatch(/[0-9a-f]{64}/);
    const logged = JSON.stringify(await auditOf(backend.url, session.order_no));
    expect(logged).not.toContain(signature);
    // a burst of 11 forgeries costs a query or two (one per payment every 2 s; on a loaded machine the reconcile
    // loop and a cue stored again while its payment was being asked add a few, and a burst that took longer one
    // more per 2 s it took), never one each (server/notifications/routes/hooks.test.ts holds the throttle to its
    // interval on the backend's own clock)
    const count = Object.keys(forgeries).length;
    expect(await queries()).toBeGreaterThanOrEqual(1);
    expect(await queries()).toBeLessThanOrEqual(Math.max(Math.floor(count / 2), Math.floor(burstMs / 2000) + 2));
    expect(await queries()).toBeLessThan(count);
    // a copy of a signed field placed after the original does not override what was signed: the genuine
    // notification is applied, as paid
    expect(await deliver(`${new URLSearchParams(form)}&payment_status=4100&amount=0.01`)).toBe('200 success');
    expect(
      await backend.store.db
        .selectFrom('notifications')
        .select('payment_status')
        .where('order_no', '=', gatewayNo)
        .execute(),
    ).toEqual([{ payment_status: '3000' }]);
    expect((await orderOf(backend.url, session.order_no)).status).toBe('paid');
  });

  it('a genuinely signed notification for another amount is not applied: the gateway is asked instead', async () => {
    const { session, form } = await heldNotification();
    const { encryption_data: _, ...fields } = form;
    // what a leaked key (or a gateway bug) could produce: a valid signature over an amount the order never had
    const tampered = { ...fields, notify_id: randomUUID(), amount: '9999.00' };
    expect(
      await deliver({ ...tampered, encryption_data: sign('notification', tampered, DEMO_DEFAULTS.SIGN_KEY) }),
    ).toBe('200 success');
    const lines = await auditLines(backend.url, session.order_no);
    expect(lines).toContainEqual(
      expect.stringMatching(/BRL 9999\.00 \(.+\) does not match the order; querying the gateway$/),
    );
    // the query, the most trusted source, settled it at the real amount
    const order = await orderOf(backend.url, session.order_no);
    expect(order.status).toBe('paid');
    expect((await admin(backend.url, `/orders/${session.order_no}`)).body.amount).toBe('10.00');
  });
});

describe('amounts from the browser', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ gatewayUrl: sandbox.url, env: BULK_ENV });
  });
  afterAll(() => backend?.close());

  it('a payment carrying an amount, currency, items, order number or URLs is refused, naming each field', async () => {
    const session = await createSession(backend.url, { amount: '50.00' }, BR_ORDER);
    const extras = {
      amount: '0.01',
      currency: 'JPY',
      items: [],
      order_no: 'CHEAP-1',
      notify_url: 'https://evil.example/hook',
      return_url: 'https://evil.example/',
    };
    const res = await callJson(`${backend.url}/api/sessions/${session.id}/payments`, {
      body: { ...paymentBody(session.client_secret, 'pix'), ...extras },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(Object.keys(extras).sort());
    expect((await orderOf(backend.url, session.order_no)).attempts).toEqual([]);

    // paid without them: the gateway is asked for the session's amount, signed
    const paid = await startPayment(backend.url, session, 'pix');
    expect(paid.status).toBe(200);
    const [tx] = await sandboxApi(sandbox.url).transactions(
      (await orderOf(backend.url, session.order_no)).attempts[0]!.gateway_order_no,
    );
    expect(tx).toMatchObject({ amount: '50.00', currency: 'BRL' });
  });

  it("a return link whose status or order was changed is not believed: the order keeps the gateway's word", async () => {
    const declined = await startPix(backend.url);
    const back = await pressIssuerButton(declined.issuerUrl, 'decline');
    expect(back.query.payment_status).toBe('4000');
    // a bad signature queries the order (docs/protocol-decisions.md 3): the shopper is sent back with what the gateway
    // says
    const forged = new URL(back.returnUrl);
    forged.searchParams.set('payment_status', '3000');
    const res = await fetch(forged, { redirect: 'manual' });
    expect(await res.text()).toMatch(/is declined/);
    expect(res.status).toBe(200);
    // the genuine link of another, paid order does not speak for this one either
    const other = await startPix(backend.url);
    const otherBack = await pressIssuerButton(other.issuerUrl, 'approve');
    const swapped = new URL(back.returnUrl);
    swapped.search = otherBack.returnUrl.search;
    expect(await (await fetch(swapped, { redirect: 'manual' })).text()).toMatch(/is declined/);
    const order = await orderOf(backend.url, declined.session.order_no);
    expect(order.status).not.toBe('paid');
    expect(await auditLines(backend.url, declined.session.order_no)).toContain(
      'ignored: return: the signature does not verify',
    );
  });
});

describe('XML', () => {
  /** Rewrites the gateway's authorise answer with `mutate`, as a spoofed or compromised gateway would answer. */
  const rewritingFetch = (mutate: (xml: string) => string): typeof fetch =>
    (async (input: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(input, init);
      if (
        !new URL(input instanceof Request ? input.url : input).pathname.endsWith('/v1/authorise') ||
        res.status !== 200
      )
        return res;
      return new Response(mutate(await res.text()), {
        status: 200,
        headers: { 'Content-Type': 'application/xml; charset=utf-8' },
      });
    }) as typeof fetch;

  const ATTACKS: Record<string, (xml: string) => string> = {
    'an internal entity in issuer_url': (xml) =>
      xml
        .replace('<respon>', '<!DOCTYPE respon [<!ENTITY evil "https://evil.example/pay">]>\n<respon>')
        .replace(/<issuer_url>[^<]*<\/issuer_url>/, '<issuer_url>&evil;</issuer_url>'),
    'an external entity': (xml) =>
      xml
        .replace('<respon>', '<!DOCTYPE respon [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<respon>')
        .replace(/<order_no>([^<]*)<\/order_no>/, '<order_no>$1&xxe;</order_no>'),
    'a billion laughs': (xml) => {
      const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
      return xml
        .replace('<respon>', `<!DOCTYPE respon [<!ENTITY l0 "lol">${levels}]>\n<respon>`)
        .replace(/<issuer_url>[^<]*<\/issuer_url>/, '<issuer_url>&l9;</issuer_url>');
    },
  };

  for (const [name, attack] of Object.entries(ATTACKS)) {
    it(`an authorise answer with ${name} is refused unread: the payment is "unknown" and reconcile settles it`, async () => {
      const backend = await startBackend({
        gatewayUrl: sandbox.url,
        gatewayFetch: rewritingFetch(attack),
        env: { ...BULK_ENV, RECONCILE_PENDING_AFTER_MS: '1' },
      });
      try {
        const session = await createSession(backend.url, {}, BR_ORDER);
        const started = Date.now();
        const res = await startPayment(backend.url, session, 'pix');
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(res.status).toBe(503);
        expect(JSON.stringify(res.body)).not.toContain('evil.example');
        const lines = await vi.waitFor(
          async () => {
            const l = await auditLines(backend.url, session.order_no);
            expect(
              l.some((x) => x.startsWith('gateway_call: authorise protocol 200')),
              'the refused answer in the audit log',
            ).toBe(true);
            return l!;
          },
          { timeout: 10_000 },
        );
        expect(lines.join('\n')).not.toContain('root:');
        await backend.reconcile();
        expect((await orderOf(backend.url, session.order_no)).status).toBe('pending');
      } finally {
        await backend.close();
      }
    });
  }

  it('XML sent to the backend is refused by content type, on every route that takes a body', async () => {
    const backend = await startBackend({ gatewayUrl: sandbox.url, env: { DEMO: '1' } });
    try {
      const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>';
      const routes: [string, Record<string, string>, number][] = [
        ['/hooks/gateway', {}, 415],
        ['/api/sessions', { Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}` }, 415],
        ['/demo/sessions', {}, 415],
        ['/api/sessions/ses_x/payments', { 'Idempotency-Key': 'k' }, 415],
        ['/admin/api/orders/refund', { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}` }, 415],
      ];
      for (const [path, headers, status] of routes) {
        for (const type of ['application/xml', 'text/xml']) {
          const res = await fetch(`${backend.url}${path}`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': type },
            body: xxe,
          });
          const text = await res.text();
          expect(res.status, `${path} ${type}: ${text}`).toBe(status);
          expect(text).not.toContain('root:');
        }
      }
    } finally {
      await backend.close();
    }
  });
});

describeOnStores('NUL characters and SQL in ids and filters', (store) => {
  let backend: Backend;
  let paid: string;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
    paid = (await paidPixOrder(backend.url)).order_no;
  });
  afterAll(() => backend?.close());

  it('a NUL character anywhere in an id, a filter or a body field is a 4xx, never a 500', async () => {
    const session = await createSession(backend.url, {}, BR_ORDER);
    const cursor = Buffer.from(JSON.stringify(['\u0000', 'x'])).toString('base64url');
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/sessions/%00'],
      ['GET', `/api/sessions/${session.id}?client_secret=%00`],
      ['GET', '/pay/frame/%00'],
      ['GET', '/pay/return/%00'],
      ['GET', '/admin/api/orders/%00'],
      ['GET', '/admin/api/orders?q=%00'],
      ['GET', `/admin/api/orders?cursor=${cursor}`],
      ['GET', '/admin/api/events?order_no=%00'],
      ['GET', '/admin/api/events?type=%00'],
      ['GET', '/admin/api/payouts/%00'],
      ['POST', '/admin/api/orders/refund', { orders: [{ order_no: '\u0000' }] }],
      ['POST', '/admin/api/orders/capture', { orders: [{ transaction_id: '\u0000' }] }],
      ['POST', '/admin/api/orders/sync', { order_nos: ['\u0000'] }],
      [
        'POST',
        `/api/sessions/${session.id}/payments`,
        { ...paymentBody(session.client_secret, 'pix'), method: '\u0000' },
      ],
    ];
    const failures: string[] = [];
    for (const [method, path, body] of cases) {
      const res = await callJson(`${backend.url}${path}`, {
        method,
        ...(body === undefined ? {} : { body }),
        headers: { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}`, 'Idempotency-Key': randomUUID() },
      });
      if (res.status >= 500)
        failures.push(`${method} ${path}${body ? ` ${JSON.stringify(body).slice(0, 80)}` : ''} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('SQL in a search or an order number finds nothing it should not', async () => {
    for (const q of ["' OR '1'='1", "x' OR 1=1 --", "'; drop table orders; --", "\\' OR 1=1 --"]) {
      const res = await admin(backend.url, `/orders?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.orders, q).toEqual([]);
      expect((await admin(backend.url, `/orders/${encodeURIComponent(q)}`)).status, q).toBe(404);
    }
    expect((await orderOf(backend.url, paid)).status).toBe('paid');
  });
});
