import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { ErrorBody } from '../../shared/contract/errors';
import type { CreateSessionResponse } from '../../shared/contract/session';
import type { ShopOrder, ShopSessionView } from '../../shared/contract/shopApi';
import type {
  createSessionResponseSchema,
  errorBodySchema,
  shopEventPageSchema,
  shopEventSchema,
  shopOrderSchema,
  shopSessionViewSchema,
} from '../../shared/contract/shopApiSchemas';
import type { ShopEvent, ShopEventPage } from '../../shared/contract/shopEvents';
import { admin } from '../../testing/adminClient';
import { DEMO_CART, payCard } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startShopEventWorker } from '../shopEvents';
import { startBackend, type Backend } from '../testing/startBackend';
import { checkSchema as check, type Json, openApi31Problems } from './testing/openApiRules';

describe('the OpenAPI document: the shop API', () => {
  it('holds the TypeScript shapes of the contract: a change to one and not the other fails the type check', () => {
    expectTypeOf<z.infer<typeof errorBodySchema>>().toEqualTypeOf<ErrorBody>();
    expectTypeOf<z.infer<typeof createSessionResponseSchema>>().toEqualTypeOf<CreateSessionResponse>();
    expectTypeOf<z.infer<typeof shopOrderSchema>>().toEqualTypeOf<ShopOrder>();
    expectTypeOf<z.infer<typeof shopSessionViewSchema>>().toEqualTypeOf<ShopSessionView>();
    expectTypeOf<z.infer<typeof shopEventSchema>>().toEqualTypeOf<ShopEvent>();
    expectTypeOf<z.infer<typeof shopEventPageSchema>>().toEqualTypeOf<ShopEventPage>();
  });

  let sandbox: Sandbox;
  let backend: Backend;
  let worker: { stop(): Promise<void> };
  let doc: Json;
  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({ gatewayUrl: sandbox.url, env: { AUTH_FAILURES_PER_IP: '1000' } });
    // events are listed once the worker has taken them, as in server/main.ts
    worker = startShopEventWorker(backend.deps);
    const res = await fetch(`${backend.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    doc = (await res.json()) as Json;
  });
  afterAll(async () => {
    await worker?.stop();
    await backend?.close();
    await sandbox?.close();
  });

  it('is served at /openapi.json as an OpenAPI 3.1 document whose every $ref resolves', () => {
    expect(openApi31Problems(doc)).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/sessions',
        '/api/sessions/{id}',
        '/api/orders/{order_no}',
        '/api/events',
        '/api/origin',
      ]),
    );
  });

  it('the validator refuses what OpenAPI 3.1 does not allow', () => {
    const broken = structuredClone(doc);
    broken.openapi = '3.0.3';
    broken.paths['/api/orders/{order_no}'].get.parameters = [];
    broken.paths['/api/events'].get.operationId = 'createSession';
    broken.paths['/api/events'].get.security = [{ nobody: [] }];
    broken.paths['/api/events'].get.responses['200'].content['application/json'].schema = {
      $ref: '#/components/schemas/Nope',
    };
    delete broken.paths['/api/origin'].get.responses['204'].description;
    expect(openApi31Problems(broken)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^openapi: /),
        expect.stringMatching(/description/),
        'unresolved #/components/schemas/Nope',
        expect.stringMatching(/operationId createSession twice/),
        expect.stringMatching(/get \/api\/orders\/\{order_no\}: path parameters/),
        expect.stringMatching(/security scheme nobody is not declared/),
      ]),
    );
  });

  it("every route's real answers, errors included, are declared and match their schema; every declared answer is seen", async () => {
    const shop = { Authorization: `Bearer ${backend.config.shopSecret}` };
    const owner = { Authorization: `Bearer ${backend.config.adminToken}` };
    const seen: { method: string; path: string; status: number; body: unknown }[] = [];
    const call = async (method: string, template: string, url: string, init: RequestInit = {}) => {
      const res = await fetch(`${backend.url}${url}`, { method, ...init });
      const text = await res.text();
      const body = text ? JSON.parse(text) : undefined;
      seen.push({ method: method.toLowerCase(), path: template, status: res.status, body });
      return body;
    };
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      call('POST', '/api/sessions', '/api/sessions', {
        headers: { ...shop, 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    // events are written for a shop that registered an endpoint
    expect((await admin(backend, '/shop-endpoints', { body: { url: 'http://127.0.0.1:9/hook' } })).status).toBe(201);
    const { session } = await payCard(backend);
    await vi.waitFor(
      async () => {
        const page = await fetch(`${backend.url}/api/events`, { headers: shop }).then((r) => r.json());
        expect((page as ShopEventPage).events.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    const key = { 'Idempotency-Key': `openapi-${Date.now()}` };
    const cart = { ...DEMO_CART, order_no: `OA-${Date.now()}` };
    await post(cart, key); // 201
    await post(cart, key); // 200, the replay
    await post({ ...cart, note: 'another body' }, key); // 422
    await post({ ...cart, order_no: session.order_no }); // 409
    await post({ ...DEMO_CART, amount: '1.001' }); // 400
    await post('amount=1', { 'Content-Type': 'text/plain' }); // 415
    await post({ ...DEMO_CART, note: 'x'.repeat(70_000) }); // 413
    await call('POST', '/api/sessions', '/api/sessions', { headers: { Authorization: 'Bearer wrong' } }); // 401
    await call('POST', '/api/sessions', '/api/sessions', {
      headers: { ...owner, 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_CART),
    }); // 403

    for (const [template, url] of [
      ['/api/sessions/{id}', `/api/sessions/${session.id}`],
      ['/api/orders/{order_no}', `/api/orders/${session.order_no}`],
    ] as const) {
      await call('GET', template, url, { headers: shop }); // 200
      await call('GET', template, `${url}-nope`, { headers: shop }); // 404
      await call('GET', template, url, { headers: { Authorization: 'Bearer wrong' } }); // 401
      await call('GET', template, url, { headers: owner }); // 403
    }
    await call('GET', '/api/events', '/api/events?limit=100', { headers: shop }); // 200
    await call('GET', '/api/events', '/api/events?limit=0', { headers: shop }); // 400
    await call('GET', '/api/events', '/api/events', { headers: { Authorization: 'Bearer wrong' } }); // 401
    await call('GET', '/api/events', '/api/events', { headers: owner }); // 403
    await call('GET', '/api/origin', '/api/origin', { headers: { Origin: 'http://shop.test' } }); // 204
    await call('GET', '/api/origin', '/api/origin', { headers: { Origin: 'http://elsewhere.test' } }); // 403

    for (const answer of seen) {
      const op = doc.paths[answer.path]?.[answer.method];
      const declared = op?.responses[String(answer.status)];
      expect(declared, `${answer.method} ${answer.path} ${answer.status} is declared`).toBeDefined();
      const schema = declared.content?.['application/json']?.schema;
      if (schema)
        expect(check(doc, schema, answer.body), `${answer.method} ${answer.path} ${answer.status}`).toBeUndefined();
      else expect(answer.body, `${answer.method} ${answer.path} ${answer.status} has no body`).toBeUndefined();
    }
    // the events the shop read are the webhook's body too
    const events = seen.find((a) => a.path === '/api/events' && a.status === 200)!.body as ShopEventPage;
    expect(events.events.length).toBeGreaterThan(0);
    for (const event of events.events) {
      const webhookBody = doc.webhooks[event.type].post.requestBody.content['application/json'].schema;
      expect(check(doc, webhookBody, event), event.type).toBeUndefined();
      const other = event.type === 'order.paid' ? 'order.authorised' : 'order.paid';
      expect(check(doc, webhookBody, { ...event, type: other }), event.type).toMatch(/\.type: not "/);
    }

    // every answer the document declares was produced here, but for the rate limit (server/middleware tests)
    const produced = new Set(seen.map((a) => `${a.method} ${a.path} ${a.status}`));
    const shopPaths = ['/api/sessions', '/api/orders/{order_no}', '/api/events', '/api/origin'];
    const declaredAll = Object.entries(doc.paths as Json)
      .filter(([path]) => shopPaths.includes(path))
      .flatMap(([path, item]) =>
        Object.entries(item as Json).flatMap(([method, op]) =>
          Object.keys((op as Json).responses).map((status) => `${method} ${path} ${status}`),
        ),
      );
    expect(declaredAll.filter((d) => !produced.has(d) && !d.endsWith(' 429'))).toEqual([]);
  });

  it('the checker refuses what the document does not declare (a field too many, a wrong type, a wrong enum)', () => {
    const order = { $ref: '#/components/schemas/ShopOrder' };
    const good = {
      order_no: 'A-1',
      status: 'paid',
      amount: '1.00',
      currency: 'USD',
      transaction_id: null,
      email: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      captured: '1.00',
      refunded: null,
      alert: null,
    };
    expect(check(doc, order, good)).toBeUndefined();
    expect(check(doc, order, { ...good, extra: 1 })).toMatch(/extra: not declared/);
    expect(check(doc, order, { ...good, amount: 1 })).toMatch(/amount: integer, not string/);
    expect(check(doc, order, { ...good, status: 'shipped' })).toMatch(/status: "shipped" not in enum/);
  });
});
