import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
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

type Json = Record<string, any>;

/**
 * The JSON Schema 2020-12 keywords the document uses, checked against a value: `$ref` (into the document),
 * type, enum, const, pattern, lengths, bounds, properties / required / additionalProperties, items, anyOf.
 * Answers the first problem as "path: what", or undefined.
 */
function check(doc: Json, schema: Json, value: unknown, path = '$'): string | undefined {
  if (schema.$ref) {
    const target = (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json | undefined>((node, key) => node?.[key], doc);
    if (!target) return `${path}: unresolved ${schema.$ref}`;
    return check(doc, target, value, path);
  }
  if (schema.anyOf) {
    const problems = (schema.anyOf as Json[]).map((s) => check(doc, s, value, path));
    return problems.includes(undefined) ? undefined : `${path}: matches none of anyOf (${problems.join('; ')})`;
  }
  if ('const' in schema && value !== schema.const) return `${path}: not ${JSON.stringify(schema.const)}`;
  if (schema.enum && !(schema.enum as unknown[]).includes(value))
    return `${path}: ${JSON.stringify(value)} not in enum`;
  const typeOf = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;
  if (schema.type) {
    const types = ([] as string[]).concat(schema.type);
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number')))
      return `${path}: ${actual}, not ${types.join('|')}`;
  }
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      return `${path}: does not match ${schema.pattern}`;
    if (schema.minLength !== undefined && value.length < schema.minLength) return `${path}: too short`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `${path}: too long`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${path}: below ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${path}: above ${schema.maximum}`;
  }
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) {
      const problem = check(doc, schema.items, item, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  if (typeOf(value) === 'object') {
    const object = value as Json;
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in object)) return `${path}.${key}: required`;
    const properties = (schema.properties as Json | undefined) ?? {};
    for (const [key, v] of Object.entries(object)) {
      if (properties[key]) {
        const problem = check(doc, properties[key], v, `${path}.${key}`);
        if (problem) return problem;
      } else if (schema.additionalProperties === false) return `${path}.${key}: not declared`;
    }
  }
  return undefined;
}

/** The part of OpenAPI 3.1 the document is held to: each operation's responses described, JSON ones by schema. */
const mediaType = z.strictObject({ schema: z.record(z.string(), z.unknown()) });
const response = z.strictObject({
  description: z.string().min(1),
  content: z.record(z.string(), mediaType).optional(),
  headers: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })).optional(),
});
const operation = z.strictObject({
  operationId: z.string(),
  summary: z.string(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z
    .array(
      z.strictObject({
        name: z.string(),
        in: z.enum(['path', 'query', 'header']),
        required: z.boolean(),
        description: z.string().optional(),
        schema: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  requestBody: z.strictObject({ required: z.boolean(), content: z.record(z.string(), mediaType) }).optional(),
  responses: z.record(z.string().regex(/^([1-5]\d\d|[1-5]XX)$/), response),
});
const openApi31 = z.strictObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.strictObject({ title: z.string(), version: z.string(), description: z.string() }),
  components: z.strictObject({
    securitySchemes: z.record(z.string(), z.object({ type: z.string() })),
    schemas: z.record(z.string(), z.record(z.string(), z.unknown())),
  }),
  paths: z.record(
    z.string().startsWith('/'),
    z.partialRecord(z.enum(['get', 'post', 'put', 'patch', 'delete']), operation),
  ),
  webhooks: z.record(z.string(), z.partialRecord(z.enum(['post']), operation)),
});

/** Every `$ref` in a node, for checking that each resolves. */
function refsIn(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => (k === '$ref' ? [v as string] : refsIn(v)));
}

describe('the OpenAPI document of the shop API', () => {
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
    const parsed = openApi31.safeParse(doc);
    expect(parsed.error?.issues ?? []).toEqual([]);
    for (const ref of refsIn(doc)) expect(check(doc, { $ref: ref }, undefined), ref).not.toMatch(/unresolved/);
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const op of Object.values(item as Json)) {
        const declared = ((op as Json).parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
        expect(declared.sort(), path).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      }
    }
    expect(Object.keys(doc.paths)).toEqual([
      '/api/sessions',
      '/api/sessions/{id}',
      '/api/orders/{order_no}',
      '/api/events',
      '/api/origin',
    ]);
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
    const webhookBody = doc.webhooks.shopEvent.post.requestBody.content['application/json'].schema;
    for (const event of events.events) expect(check(doc, webhookBody, event), event.type).toBeUndefined();

    // every answer the document declares was produced here, but for the rate limit (server/middleware tests)
    const produced = new Set(seen.map((a) => `${a.method} ${a.path} ${a.status}`));
    const declaredAll = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
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
