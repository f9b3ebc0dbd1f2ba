/**
 * Who may call what: the admin API without or with a wrong token; the widget's routes from an origin that is not
 * in ALLOWED_ORIGINS (CORS), in Chromium as well as by headers; the card frame from a page that may not frame
 * it (`frame-ancestors`); bodies over the limits; the rate limits' 429 with Retry-After. Each refusal is checked
 * for its answer and for what did not happen behind it.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { releaseBrowser, workerBrowser } from '../harness/launchBrowser';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { BULK_ENV } from '../../server/testing/makeOrders';
import { DEMO_DEFAULTS } from '../../server/config';
import { callJson, paymentBody, createSession, BR_ORDER, paidPixOrder, startPayment } from '../../testing/shopClient';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { admin, orderOf } from '../../testing/adminClient';
import { countByStatus } from './lib/manyOrders';
import { startPageServer, type PageServer } from './lib/pageServer';
import { postOnce } from './lib/postOnce';

const KIB = 1024;

let sandbox: RunningSandbox;
/** a shop on an allowed origin, and a stranger's page on an origin the backend does not know */
let shop: PageServer;
let stranger: PageServer;
let backend: Backend;
let browser: Browser;
beforeAll(async () => {
  [sandbox, shop, stranger, browser] = await Promise.all([
    startSandboxProcess(),
    startPageServer('localhost'),
    startPageServer('127.0.0.1'),
    workerBrowser(),
  ]);
  // many wrong credentials on purpose: the failed-auth throttle (throttleFailedAuth.test.ts) is raised
  backend = await startBackend({
    gatewayUrl: sandbox.url,
    allowedOrigins: [shop.origin],
    // DEMO=1: the demo's session route is held to the same body limit
    env: { ...BULK_ENV, AUTH_FAILURES_PER_IP: '1000000', DEMO: '1' },
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
  await backend?.close();
  await Promise.all([shop?.close(), stranger?.close(), sandbox?.close()]);
});

const ADMIN_ROUTES = [
  'GET /admin/api/orders',
  'GET /admin/api/orders/ORDER',
  'POST /admin/api/orders/capture',
  'POST /admin/api/orders/cancel',
  'POST /admin/api/orders/review',
  'POST /admin/api/orders/refund',
  'POST /admin/api/orders/sync',
  'POST /admin/api/payouts',
  'GET /admin/api/payouts',
  'GET /admin/api/payouts/po_1',
  'GET /admin/api/payment-methods',
  'PUT /admin/api/payment-methods',
  'GET /admin/api/events',
  'GET /admin/api/stats?from=2025-01-01&to=2025-01-02',
  'GET /admin/api/disputes',
  'GET /admin/api/disputes/summary',
  'GET /admin/api/disputes/D1',
  'GET /metrics',
];

const WRONG_CREDENTIALS: Record<string, Record<string, string>> = {
  'no Authorization header': {},
  'a wrong token': { Authorization: 'Bearer not-the-admin-token' },
  'the token in another case': { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN.toUpperCase()}` },
  'a prefix of the token': { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN.slice(0, -1)}` },
  'the token with a suffix': { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}x` },
  'Basic credentials': {
    Authorization: `Basic ${Buffer.from(`admin:${DEMO_DEFAULTS.ADMIN_TOKEN}`).toString('base64')}`,
  },
  'the token in another header': { 'X-Admin-Token': DEMO_DEFAULTS.ADMIN_TOKEN },
  'the token as a cookie': { Cookie: `token=${DEMO_DEFAULTS.ADMIN_TOKEN}` },
};

describe('the admin API', () => {
  it('refuses every route without the token or with a wrong one: 401, nothing shown, nothing done', async () => {
    const paid = await paidPixOrder(backend.url);
    const gatewayNo = (await orderOf(backend.url, paid.order_no)).attempts[0]!.gateway_order_no;
    // a body that would act on the paid order if it got through
    const bodyFor = (path: string) =>
      path.endsWith('/sync') ? { order_nos: [paid.order_no] } : { orders: [{ order_no: paid.order_no }] };
    for (const route of ADMIN_ROUTES) {
      const [method, path] = route.replace('ORDER', paid.order_no).split(' ') as [string, string];
      for (const [what, headers] of Object.entries(WRONG_CREDENTIALS)) {
        // the token is also put in the query string, where it must not count either
        const res = await callJson(
          `${backend.url}${path}${path.includes('?') ? '&' : '?'}token=${DEMO_DEFAULTS.ADMIN_TOKEN}`,
          {
            method,
            headers: { 'Idempotency-Key': randomUUID(), ...headers },
            ...(method === 'GET' ? {} : { body: bodyFor(path) }),
          },
        );
        expect(res.status, `${route} with ${what}`).toBe(401);
        expect(res.headers.get('www-authenticate'), `${route} with ${what}`).toBe('Bearer realm="admin token"');
        expect(res.body, `${route} with ${what}`).toEqual({
          error: { code: 'unauthorized', message: 'a valid "Authorization: Bearer <admin token>" header is required' },
        });
      }
    }
    // the shop server's secret is a real credential of a role with no admin powers: 403, and nothing done
    for (const route of ADMIN_ROUTES) {
      const [method, path] = route.replace('ORDER', paid.order_no).split(' ') as [string, string];
      const res = await callJson(`${backend.url}${path}`, {
        method,
        headers: { 'Idempotency-Key': randomUUID(), Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}` },
        ...(method === 'GET' ? {} : { body: bodyFor(path) }),
      });
      expect(res.status, `${route} with the shop secret`).toBe(403);
      expect(res.body.error.code, `${route} with the shop secret`).toBe('forbidden');
    }
    // the refused refunds, cancels and syncs did nothing
    expect((await orderOf(backend.url, paid.order_no)).status).toBe('paid');
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', gatewayNo)).toBe(0);
    expect((await admin(backend.url, `/events?order_no=${paid.order_no}&type=refund`)).body.events).toEqual([]);
  });

  it('the admin token does not create checkout sessions (the shop secret does)', async () => {
    const res = await callJson(`${backend.url}/api/sessions`, {
      body: { amount: '1.00', currency: 'USD' },
      headers: { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}` },
    });
    // a real credential, of the owner role, which does not hold the shop server's power to create sessions
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

describe('CORS: the widget routes from an origin not in ALLOWED_ORIGINS', () => {
  it('a preflight from an unlisted origin is refused; from the shop it is allowed for that origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${backend.url}/api/sessions/ses_x/payments`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,idempotency-key',
        },
      });
    const refused = await preflight(stranger.origin);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    const allowed = await preflight(shop.origin);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(shop.origin);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('a payment sent with an unlisted Origin is refused before anything is stored or sent', async () => {
    const session = await createSession(backend.url, {}, BR_ORDER);
    const authorises = await sandboxApi(sandbox.url).requestCount('/v1/authorise');
    for (const origin of [stranger.origin, 'null', 'https://localhost.evil.example', `${shop.origin}.evil.example`]) {
      const res = await callJson(`${backend.url}/api/sessions/${session.id}/payments`, {
        body: paymentBody(session.client_secret, 'pix'),
        headers: { Origin: origin, 'Idempotency-Key': randomUUID() },
      });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const view = await callJson(`${backend.url}/api/sessions/${session.id}`, {
        headers: { Origin: origin, 'X-Client-Secret': session.client_secret },
      });
      expect(view.status, origin).toBe(403);
    }
    expect((await orderOf(backend.url, session.order_no)).attempts).toEqual([]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/authorise')).toBe(authorises);
  });

  it('in Chromium, a script on the unlisted origin cannot read the session nor pay; on the shop it can read it', async () => {
    const session = await createSession(backend.url, {}, BR_ORDER);
    const probe = async (origin: string) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        return await page.evaluate(
          async ({ url, secret, body }) => {
            const read = await fetch(`${url}/api/sessions/${secret.split('_secret_')[0]}`, {
              headers: { 'X-Client-Secret': secret },
            }).then(
              (r) => `read ${r.status}`,
              () => 'read blocked',
            );
            const pay = await fetch(`${url}/api/sessions/${secret.split('_secret_')[0]}/payments`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
              body,
            }).then(
              (r) => `pay ${r.status}`,
              () => 'pay blocked',
            );
            return [read, pay];
          },
          {
            url: backend.url,
            secret: session.client_secret,
            body: JSON.stringify({ ...paymentBody(session.client_secret, 'pix'), method: 'no-such-method' }),
          },
        );
      } finally {
        await context.close();
      }
    };
    expect(session.client_secret.startsWith(`${session.id}_secret_`)).toBe(true);
    expect(await probe(stranger.origin)).toEqual(['read blocked', 'pay blocked']);
    // the shop's page reads it; its (deliberately invalid) payment reaches validation and is refused there
    expect(await probe(shop.origin)).toEqual(['read 200', 'pay 400']);
    expect((await orderOf(backend.url, session.order_no)).attempts).toEqual([]);
  });
});

describe('framing', () => {
  const cardFrameUrl = async () => {
    const session = await createSession(
      backend.url,
      { amount: '20.00', currency: 'USD', country: undefined },
      BR_ORDER,
    );
    const res = await startPayment(backend.url, session, 'card');
    expect(res.status).toBe(200);
    return res.body.action.url as string;
  };

  it('the card frame names exactly the allowed origins in frame-ancestors; every other page may not be framed', async () => {
    const frame = await fetch(await cardFrameUrl());
    expect(frame.status).toBe(200);
    const csp = frame.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`frame-ancestors ${backend.url} ${shop.origin}(;|$)`));
    for (const path of ['/admin/', '/admin/api/orders', '/healthz', '/pay/frame/used-or-unknown']) {
      const res = await fetch(`${backend.url}${path}`);
      const policy = res.headers.get('content-security-policy') ?? '';
      const ancestors = /frame-ancestors ([^;]*)/.exec(policy)?.[1];
      expect(ancestors, `${path}: ${policy}`).toBeDefined();
      if (path.startsWith('/pay/')) expect(ancestors).toBe(`${backend.url} ${shop.origin}`);
      else expect(ancestors, path).toBe("'none'");
    }
  });

  it('in Chromium, a page on an unlisted origin cannot show the card frame; the shop can', async () => {
    const show = async (page: PageServer) => {
      const url = await cardFrameUrl();
      page.setPage(
        `<!doctype html><title>framing</title><iframe id="f" src="${url}" width="600" height="600"></iframe>`,
      );
      const context = await browser.newContext();
      try {
        const tab = await context.newPage();
        const refused: string[] = [];
        tab.on('console', (m) => {
          if (/frame-ancestors/.test(m.text())) refused.push(m.text());
        });
        await tab.goto(`${page.origin}/`);
        const inner = await vi.waitFor(
          async () => {
            const f = tab.frames().find((x) => x !== tab.mainFrame());
            expect(f, 'the frame to settle').toBeDefined();
            const u = f!.url();
            if (u.startsWith('chrome-error:')) return 'refused';
            if (u.startsWith(sandbox.url)) return 'shown';
            expect(refused, 'the frame to settle').not.toHaveLength(0);
            return 'refused';
          },
          { timeout: 10_000 },
        );
        return { inner, refused };
      } finally {
        await context.close();
      }
    };
    const strangers = await show(stranger);
    expect(strangers.inner).toBe('refused');
    expect(strangers.refused.join('\n')).toContain('frame-ancestors');
    // on the shop the frame loads and posts itself on to the gateway's hosted card page
    expect((await show(shop)).inner).toBe('shown');
  });
});

describe('body limits', () => {
  const big = (bytes: number) => JSON.stringify({ amount: '1.00', currency: 'USD', note: 'x'.repeat(bytes) });

  it('over 64 KiB on the widget, shop and notification routes, over 1 MiB on the admin API: 413 in the envelope', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/api/sessions', { Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}` }, big(64 * KIB)],
      ['/api/sessions/ses_x/payments', { 'Idempotency-Key': 'k' }, big(64 * KIB)],
      ['/demo/sessions', {}, big(64 * KIB)],
      ['/admin/api/orders/refund', { Authorization: `Bearer ${DEMO_DEFAULTS.ADMIN_TOKEN}` }, big(1024 * KIB)],
      ['/hooks/gateway', { 'Content-Type': 'application/x-www-form-urlencoded' }, `notify_id=${'x'.repeat(64 * KIB)}`],
    ];
    for (const [path, headers, body] of cases) {
      // a connection of its own each: what a refused body does to a kept-alive connection is the next test
      const res = await postOnce(`${backend.url}${path}`, { 'Content-Type': 'application/json', ...headers }, body);
      expect(res.status, path).toBe(413);
      if (!path.startsWith('/hooks')) expect(res.body, path).toMatchObject({ error: { code: 'payload_too_large' } });
    }
  });

  it("after a 413 the client's kept-alive connection still works (or the 413 closes it)", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const post = (body: string) =>
        new Promise<string>((resolve) => {
          const req = request(`${backend.url}/api/sessions`, {
            method: 'POST',
            agent,
            headers: {
              Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}`,
              'Content-Type': 'application/json',
              'Content-Length': String(Buffer.byteLength(body)),
            },
          });
          req.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve(`${res.statusCode}`));
          });
          req.on('error', (e) => resolve(`failed: ${e.message}`));
          req.end(body);
        });
      expect(await post(big(256 * KIB))).toBe('413');
      // the shop's server goes on with its next call on the same connection
      expect(await post(JSON.stringify({ amount: '1.00', currency: 'USD' }))).toBe('201');
    } finally {
      agent.destroy();
    }
  });

  it('a body without Content-Length is answered 413 at the limit, while it is still being sent', async () => {
    const url = new URL(`${backend.url}/api/sessions`);
    const chunk = Buffer.alloc(16 * KIB, 'x');
    const answer = await new Promise<{ status: number; writtenMiB: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = request(url, {
        method: 'POST',
        agent: false,
        headers: {
          Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}`,
          'Content-Type': 'application/json',
          'Transfer-Encoding': 'chunked',
        },
      });
      req.on('response', (res) => {
        answered = true;
        res.resume();
        resolve({ status: res.statusCode ?? 0, writtenMiB: written / (1024 * KIB) });
      });
      req.on('error', (e) => (answered ? undefined : reject(e)));
      const more = () => {
        // 64 MiB would be sent if nobody stopped it; the answer must come long before
        if (answered || written >= 64 * 1024 * KIB) return void req.end();
        written += chunk.length;
        if (req.write(chunk)) setImmediate(more);
        else req.once('drain', more);
      };
      more();
    });
    expect(answer.status).toBe(413);
    expect(answer.writtenMiB).toBeLessThan(64);
    expect((await fetch(`${backend.url}/healthz`)).status).toBe(200);
  });

  it('a deeply nested body within the limit is a 400, and the backend stays up', async () => {
    const nested = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const res = await callJson(`${backend.url}/api/sessions`, {
      body: nested,
      headers: { Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect((await fetch(`${backend.url}/healthz`)).status).toBe(200);
  });
});

describe('rate limits', () => {
  let limited: Backend;
  let limitedPayments: Backend;
  beforeAll(async () => {
    limited = await startBackend({
      gatewayUrl: sandbox.url,
      allowedOrigins: [shop.origin],
      env: { RATE_LIMIT_SESSIONS_PER_MINUTE: '3', DEMO: '1' },
    });
    limitedPayments = await startBackend({
      gatewayUrl: sandbox.url,
      allowedOrigins: [shop.origin],
      env: { RATE_LIMIT_PAYMENTS_PER_MINUTE: '3' },
    });
  });
  afterAll(async () => {
    await limited?.close();
    await limitedPayments?.close();
  });

  const expect429 = (res: { status: number; headers: Headers; body: any }, what: string) => {
    expect(res.status, what).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(
      Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
      `${what}: Retry-After ${res.headers.get('retry-after')}`,
    ).toBe(true);
    expect(res.body.error.code, what).toBe('rate_limited');
  };

  it('session creation: the 4th in a minute is 429 with Retry-After, and creates nothing', async () => {
    const create = () =>
      callJson(`${limited.url}/api/sessions`, {
        body: { amount: '1.00', currency: 'USD' },
        headers: { Authorization: `Bearer ${DEMO_DEFAULTS.SHOP_SECRET}` },
      });
    for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
    expect429(await create(), 'the 4th session');
    const demo = () => callJson(`${limited.url}/demo/sessions`, { body: { amount: '1.00', currency: 'USD' } });
    for (let i = 0; i < 3; i++) expect((await demo()).status).toBe(201);
    expect429(await demo(), 'the 4th demo session');
    const counts = await countByStatus(limited.url);
    expect(counts.created).toBe(6);
  });

  it('payments: the 4th in a minute is 429 with Retry-After, readable by the shop page (CORS), and sends nothing', async () => {
    // the limit is per shopper address and per session: three attempts of one shopper, then refused
    const sessions = await Promise.all([0, 1, 2, 3].map(() => createSession(limitedPayments.url, {}, BR_ORDER)));
    const pay = (s: (typeof sessions)[number]) =>
      callJson(`${limitedPayments.url}/api/sessions/${s.id}/payments`, {
        body: { ...paymentBody(s.client_secret, 'pix'), method: 'nope' },
        headers: { Origin: shop.origin, 'Idempotency-Key': randomUUID() },
      });
    for (const s of sessions.slice(0, 3)) expect((await pay(s)).status).toBe(400);
    const refused = await pay(sessions[3]!);
    expect429(refused, 'the 4th payment');
    expect(refused.headers.get('access-control-allow-origin')).toBe(shop.origin);
    expect(refused.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
    expect((await orderOf(limitedPayments.url, sessions[3]!.order_no)).attempts).toEqual([]);
  });
});
