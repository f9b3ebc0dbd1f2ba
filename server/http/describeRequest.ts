import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';

/** What a route reads: its JSON body and its query, as the zod schemas it parses them with. */
export interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
}

const DESCRIBED = Symbol('describedRequest');

/**
 * A handler that does nothing but carry the schemas a route parses its request with, so the OpenAPI document
 * (server/http/openApi.ts) finds them on the app's routes (`app.routes`) instead of a second copy of them:
 *
 * @example
 * .post('/', describeRequest({ body: createBody }), async (c) => { parseWith(createBody, (await readJson(c)).value) })
 */
export function describeRequest(schemas: RequestSchemas): MiddlewareHandler {
  const handler: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  return Object.assign(handler, { [DESCRIBED]: schemas });
}

/** The schemas a handler of `app.routes` carries, if it is one of describeRequest's. */
export function describedRequestOf(handler: unknown): RequestSchemas | undefined {
  return (handler as { [DESCRIBED]?: RequestSchemas } | undefined)?.[DESCRIBED];
}
