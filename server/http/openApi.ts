import { Hono } from 'hono';
import { z } from 'zod';
import { createSessionBody } from '../../shared/contract/session';
import {
  createSessionResponseSchema,
  errorBodySchema,
  shopEventPageSchema,
  shopEventSchema,
  shopOrderSchema,
  shopSessionViewSchema,
} from '../../shared/contract/shopApiSchemas';
import type { AppEnv } from '../deps';

/** The schemas the document names, by their component name. */
const OPENAPI_SCHEMAS = {
  Error: errorBodySchema,
  CreateSessionResponse: createSessionResponseSchema,
  ShopOrder: shopOrderSchema,
  ShopSessionView: shopSessionViewSchema,
  ShopEvent: shopEventSchema,
  ShopEventPage: shopEventPageSchema,
} as const;

type JsonSchema = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (description: string, name: string) => ({
  description,
  content: { 'application/json': { schema: ref(name) } },
});
const error = (description: string) => json(description, 'Error');
const AUTH_ERRORS = {
  '401': error('no credential, or a wrong one (counts against the client IP, AUTH_FAILURES_PER_IP)'),
  '403': error("the credential's role may not do this (the owner's admin token, for one)"),
  '429': error('too many requests or failed credentials from this client IP; see Retry-After'),
};

/** zod -> JSON Schema 2020-12 (OpenAPI 3.1's dialect), each named schema a component, nested ones by $ref. */
function componentSchemas(): Record<string, JsonSchema> {
  const responses = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(OPENAPI_SCHEMAS)) responses.add(schema, { id });
  const uri = (id: string) => `#/components/schemas/${id}`;
  const out = z.toJSONSchema(responses, { uri, io: 'output' }).schemas;
  const requests = z.registry<{ id: string }>();
  requests.add(createSessionBody, { id: 'CreateSessionBody' });
  const input = z.toJSONSchema(requests, { uri, io: 'input', unrepresentable: 'any' }).schemas;
  const all: Record<string, JsonSchema> = { ...out, ...input };
  for (const schema of Object.values(all)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return all;
}

function buildDocument(): JsonSchema {
  const security = [{ shopKey: [] }];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Checkout merchant backend: the shop API',
      version: '1',
      description:
        "What a shop's own server calls with its shop-server key (or SHOP_SECRET), and the signed order events the " +
        'backend posts to it. Generated from the zod contract in shared/contract/. Amounts are decimal strings in ' +
        "the currency. Not covered here: the widget's own calls (client secret), the admin API.",
    },
    components: {
      securitySchemes: {
        shopKey: { type: 'http', scheme: 'bearer', description: 'a shop-server API key, or SHOP_SECRET' },
      },
      schemas: componentSchemas(),
    },
    paths: {
      '/api/sessions': {
        post: {
          operationId: 'createSession',
          summary: 'Create a checkout session and its order; the amount is fixed here',
          security,
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'e.g. your cart id: the same key and body answer the session the first request created (200 with ' +
                'Idempotent-Replayed: true); the same key with another body is 422 idempotency_key_reused',
              schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref('CreateSessionBody') } } },
          responses: {
            '201': json('created', 'CreateSessionResponse'),
            '200': {
              ...json(
                'a repeat with the same Idempotency-Key and body: the session it created',
                'CreateSessionResponse',
              ),
              headers: { 'Idempotent-Replayed': { schema: { const: 'true' } } },
            },
            '400': error('a field is wrong: `fields` names each by its path'),
            ...AUTH_ERRORS,
            '409': error('without an Idempotency-Key: this order_no already has a session'),
            '413': error('the body is too large'),
            '415': error('the body is not JSON'),
            '422': error('this Idempotency-Key was used with another body'),
          },
        },
      },
      '/api/sessions/{id}': {
        get: {
          operationId: 'getSession',
          summary: 'Where a session stands and its order (with a shop credential)',
          security,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': json('the session', 'ShopSessionView'), ...AUTH_ERRORS, '404': error('no such session') },
        },
      },
      '/api/orders/{order_no}': {
        get: {
          operationId: 'getOrder',
          summary: "The order as the owner's admin API shows it",
          security,
          parameters: [{ name: 'order_no', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': json('the order', 'ShopOrder'), ...AUTH_ERRORS, '404': error('no such order') },
        },
      },
      '/api/events': {
        get: {
          operationId: 'listEvents',
          summary: 'The signed order events after an event id, oldest first (for a server that pulls)',
          security,
          parameters: [
            { name: 'after', in: 'query', required: false, schema: { type: 'string', maxLength: 100 } },
            {
              name: 'limit',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
            },
          ],
          responses: {
            '200': json('a page of events', 'ShopEventPage'),
            '400': error('after or limit is wrong'),
            ...AUTH_ERRORS,
          },
        },
      },
      '/api/origin': {
        get: {
          operationId: 'checkOrigin',
          summary: "Whether the calling page's Origin is in ALLOWED_ORIGINS (readable from any origin)",
          responses: {
            '204': { description: 'allowed (or no Origin header)' },
            '403': error('origin_not_allowed: not in ALLOWED_ORIGINS'),
          },
        },
      },
    },
    webhooks: {
      shopEvent: {
        post: {
          operationId: 'receiveShopEvent',
          summary: 'An event posted to each endpoint the owner registered, signed',
          parameters: [
            {
              name: 'Checkout-Signature',
              in: 'header',
              required: true,
              description:
                't=<unix seconds>,v1=<hex>: HMAC-SHA256 with the endpoint secret over "<t>.<raw body>"; refuse it ' +
                'outside 5 minutes; one v1 per active secret while a rolled secret overlaps',
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref('ShopEvent') } } },
          responses: { '2XX': { description: 'received; anything else is retried with backoff' } },
        },
      },
    },
  };
}

let document: JsonSchema | undefined;

/** The OpenAPI 3.1 document of the shop API, built once from the zod contract. */
function openApiDocument(): JsonSchema {
  document ??= buildDocument();
  return document;
}

/** `GET /openapi.json`: the document, readable from any origin (code generators, API explorers). */
export function openApiRoutes() {
  return new Hono<AppEnv>().get('/openapi.json', (c) => {
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApiDocument());
  });
}
