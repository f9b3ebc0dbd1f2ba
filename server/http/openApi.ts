import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import * as adminSchemas from '../../shared/contract/adminSchemas';
import { createPaymentBody } from '../../shared/contract/payment';
import { recipientBody } from '../../shared/contract/recipient';
import { createSessionBody } from '../../shared/contract/session';
import {
  createSessionResponseSchema,
  errorBodySchema,
  shopEventPageSchema,
  shopEventSchema,
  shopOrderSchema,
  shopSessionViewSchema,
} from '../../shared/contract/shopApiSchemas';
import { SHOP_EVENT_SIGNATURE_HEADER, SHOP_EVENT_TYPES } from '../../shared/contract/shopEvents';
import {
  abandonPaymentResponseSchema,
  clientSecretBody,
  createPaymentResponseSchema,
  sessionViewSchema,
} from '../../shared/contract/widgetSchemas';
import type { AppEnv } from '../deps';
import { API_OPERATIONS, type Answer, type Operation } from './apiOperations';
import { describedRequestOf, type RequestSchemas } from './describeRequest';
import { inlineHashes } from './inlineHashes';
import { renderApiReference } from './renderApiReference';

type JsonSchema = Record<string, unknown>;

/** The answers the document names, by their component name (the `schema` of server/http/apiOperations.ts). */
const ANSWER_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorBodySchema,
  CreateSessionResponse: createSessionResponseSchema,
  ShopOrder: shopOrderSchema,
  ShopSessionView: shopSessionViewSchema,
  ShopEvent: shopEventSchema,
  ShopEventPage: shopEventPageSchema,
  SessionView: sessionViewSchema,
  CreatePaymentResponse: createPaymentResponseSchema,
  AbandonPaymentResponse: abandonPaymentResponseSchema,
  Me: adminSchemas.meSchema,
  Welcomed: adminSchemas.welcomedSchema,
  SignedOutEverywhere: adminSchemas.signedOutEverywhereSchema,
  TotpEnrolment: adminSchemas.totpEnrolmentSchema,
  TotpConfirmed: adminSchemas.totpConfirmedSchema,
  PasswordChanged: adminSchemas.passwordChangedSchema,
  BulkResult: adminSchemas.bulkResultSchema,
  BulkResults: adminSchemas.bulkResultsSchema,
  OrderPage: adminSchemas.orderPageSchema,
  OrderDetail: adminSchemas.orderDetailSchema,
  ExtraPaymentRefund: adminSchemas.extraPaymentRefundSchema,
  DisputePage: adminSchemas.disputePageSchema,
  DisputeSummary: adminSchemas.disputeSummarySchema,
  DisputeDetail: adminSchemas.disputeDetailSchema,
  AdminPayout: adminSchemas.adminPayoutSchema,
  PayoutReview: adminSchemas.payoutReviewSchema,
  PayoutPage: adminSchemas.payoutPageSchema,
  RecipientList: adminSchemas.recipientListSchema,
  RecipientView: adminSchemas.recipientViewSchema,
  AdminPaymentMethods: adminSchemas.adminPaymentMethodsSchema,
  AuditPage: adminSchemas.auditPageSchema,
  OrderStats: adminSchemas.orderStatsSchema,
  CreatedApiKey: adminSchemas.createdApiKeySchema,
  ApiKeyList: adminSchemas.apiKeyListSchema,
  ApiKeyView: adminSchemas.apiKeyViewSchema,
  FailedRefundList: adminSchemas.failedRefundListSchema,
  SupportRefundLimits: adminSchemas.supportRefundLimitsSchema,
  DoublePaymentRefundSetting: adminSchemas.doublePaymentRefundSettingSchema,
  ShopEndpointList: adminSchemas.shopEndpointListSchema,
  ShopEndpointWithSecret: adminSchemas.shopEndpointWithSecretSchema,
  ShopEndpointView: adminSchemas.shopEndpointViewSchema,
  ShopDeliveryList: adminSchemas.shopDeliveryListSchema,
  DeliveryResent: adminSchemas.deliveryResentSchema,
  TestEventSent: adminSchemas.testEventSentSchema,
  TeamList: adminSchemas.teamListSchema,
  TeamMemberChanged: adminSchemas.teamMemberChangedSchema,
  TeamMemberWithLink: adminSchemas.teamMemberWithLinkSchema,
};

/** The request bodies the operations name (`body`); the others are found on the routes (describeRequest). */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  CreateSessionBody: createSessionBody,
  CreatePaymentBody: createPaymentBody,
  ClientSecretBody: clientSecretBody,
  RecipientBody: recipientBody,
};

const uri = (id: string) => `#/components/schemas/${id}`;
const ref = (name: string) => ({ $ref: uri(name) });

function withoutMeta(schema: JsonSchema): JsonSchema {
  delete schema.$schema;
  delete schema.$id;
  return schema;
}

/** zod -> JSON Schema 2020-12 (OpenAPI 3.1's dialect), each named schema a component, nested ones by $ref. */
function componentSchemas(): Record<string, JsonSchema> {
  const answers = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(ANSWER_SCHEMAS)) answers.add(schema, { id });
  const out = z.toJSONSchema(answers, { uri, io: 'output', unrepresentable: 'any' }).schemas;
  const bodies = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(BODY_SCHEMAS)) bodies.add(schema, { id });
  const input = z.toJSONSchema(bodies, { uri, io: 'input', unrepresentable: 'any' }).schemas;
  const all: Record<string, JsonSchema> = { ...out, ...input };
  for (const schema of Object.values(all)) withoutMeta(schema);
  return all;
}

/** One route's own schema (a body or a query), inline. */
const inputSchema = (schema: z.ZodType): JsonSchema =>
  withoutMeta(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

/** Hono's `/admin/api/users/:id` as OpenAPI's `/admin/api/users/{id}`. */
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The schemas each route parses its request with, by `<method> <OpenAPI path>`. */
function requestSchemasOf(routes: readonly RouterRoute[]): Map<string, RequestSchemas> {
  const found = new Map<string, RequestSchemas>();
  for (const route of routes) {
    const schemas = describedRequestOf(route.handler);
    if (schemas) found.set(`${route.method.toLowerCase()} ${toOpenApiPath(route.path)}`, schemas);
  }
  return found;
}

const SECURITY: Record<Operation['auth'], Record<string, string[]>[] | undefined> = {
  shop: [{ shopKey: [] }],
  admin: [{ adminKey: [] }, { adminSession: [] }],
  client: [{ clientSecret: [] }],
  shopOrClient: [{ shopKey: [] }, { clientSecret: [] }],
  none: [],
};

function response(answer: Answer): JsonSchema {
  const schema = answer.anyOf ? { anyOf: answer.anyOf.map(ref) } : answer.schema ? ref(answer.schema) : undefined;
  return {
    description: answer.description,
    ...(answer.headers ? { headers: answer.headers } : {}),
    ...(schema ? { content: { 'application/json': { schema } } } : {}),
    ...(answer.text ? { content: { [answer.text]: { schema: { type: 'string' } } } } : {}),
  };
}

function operation(op: Operation, request: RequestSchemas | undefined): JsonSchema {
  const pathParameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = request?.query ? inputSchema(request.query) : undefined;
  const queryProperties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const queryRequired = (query?.required ?? []) as string[];
  const queryParameters = Object.entries(queryProperties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: queryRequired.includes(name) && !('default' in schema),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
  const body = op.body ? ref(op.body) : request?.body ? inputSchema(request.body) : undefined;
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(SECURITY[op.auth] ? { security: SECURITY[op.auth] } : {}),
    parameters: [...pathParameters, ...queryParameters, ...(op.parameters ?? [])],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses: Object.fromEntries(Object.entries(op.responses).map(([status, answer]) => [status, response(answer)])),
  };
}

/** One webhook per event type: the ShopEvent of that type, posted signed to each endpoint that takes it. */
function webhooks(): JsonSchema {
  const types = [...SHOP_EVENT_TYPES, 'endpoint.test'] as const;
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          operationId: `on_${type.replace('.', '_')}`,
          tags: ['Events'],
          summary:
            type === 'endpoint.test'
              ? 'Sent only by the owner\'s "send test event" button, to one endpoint'
              : `A ${type} event, posted to each endpoint registered for it (and listed by GET /api/events)`,
          parameters: [
            {
              name: SHOP_EVENT_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description:
                't=<unix seconds>,v1=<hex>: HMAC-SHA256 with the endpoint secret over "<t>.<raw body>"; refuse it ' +
                'outside 5 minutes; one v1 per active secret while a rolled secret overlaps',
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { allOf: [ref('ShopEvent'), { type: 'object', properties: { type: { const: type } } }] },
              },
            },
          },
          responses: { '2XX': { description: 'received; anything else is retried with backoff' } },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of the backend's JSON API, built from the zod contract and the app's routes. */
function buildOpenApiDocument(routes: readonly RouterRoute[]): JsonSchema {
  const requests = requestSchemasOf(routes);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of API_OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operation(op, requests.get(`${op.method} ${op.path}`));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Checkout merchant backend',
      version: '1',
      description:
        "The shop server's API (a shop-server key or SHOP_SECRET), the widget's calls (a session's client " +
        "secret), the owner's admin API (an API key, ADMIN_TOKEN or a signed-in person's cookie) and the signed " +
        'events posted to the shop (webhooks). Generated from the zod contract in shared/contract/ and the ' +
        'routes. Amounts are decimal strings in the currency. Every 4xx and 5xx answer is an Error.',
    },
    tags: [
      { name: 'Shop server', description: "What a shop's own server calls" },
      { name: 'Widget', description: 'What the checkout widget calls from the shop page' },
      { name: 'Admin', description: "The owner's admin API (what the admin page and `npm run cli` call)" },
      { name: 'Events', description: 'What the backend posts to the endpoints the owner registered' },
    ],
    components: {
      securitySchemes: {
        shopKey: { type: 'http', scheme: 'bearer', description: 'a shop-server API key, or SHOP_SECRET' },
        adminKey: { type: 'http', scheme: 'bearer', description: 'an API key of a staff role, or ADMIN_TOKEN' },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'admin_session',
          description: "a signed-in person's session (__Host-admin_session in production)",
        },
        clientSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Client-Secret',
          description: "the session's client secret (the payment calls carry it as the body's client_secret)",
        },
      },
      schemas: componentSchemas(),
    },
    paths,
    webhooks: webhooks(),
  };
}

/** Where the document and its reference page are served. */
const OPENAPI_PATH = '/openapi.json';
const API_REFERENCE_PATH = '/docs/api';

/**
 * `GET /openapi.json`: the document, readable from any origin (code generators, API explorers); `GET /docs/api`:
 * the same rendered as a page by the backend itself (no script, no CDN: the strict CSP of server/app.ts holds, with
 * its one stylesheet allowed by hash). Built once, on the first request, from the app's routes.
 */
export function openApiRoutes(routes: () => readonly RouterRoute[]) {
  let document: JsonSchema | undefined;
  let page: { html: string; csp: string } | undefined;
  const openApiDocument = () => {
    document ??= buildOpenApiDocument(routes());
    return document;
  };
  return new Hono<AppEnv>()
    .get(OPENAPI_PATH, (c) => {
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(openApiDocument());
    })
    .get(API_REFERENCE_PATH, (c) => {
      if (!page) {
        const html = renderApiReference(openApiDocument(), OPENAPI_PATH);
        const styles = inlineHashes(html, 'style').join(' ');
        page = { html, csp: `default-src 'none'; style-src ${styles}; base-uri 'none'; frame-ancestors 'none'` };
      }
      c.header('Content-Security-Policy', page.csp);
      c.header('Cache-Control', 'public, max-age=300');
      return c.html(page.html);
    });
}
