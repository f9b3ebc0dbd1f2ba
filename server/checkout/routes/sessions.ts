import { z } from 'zod';
import { localeTag } from '../../../shared/contract/primitives';
import { API_ERROR } from '../../../shared/contract/errors';
import { Hono } from 'hono';
import { every } from 'hono/combine';
import { ApiError } from '../../apiError';
import { createSessionBody } from '../../../shared/contract/session';
import type { AppDeps, AppEnv } from '../../deps';
import { clientSecretOf } from '../../http/clientSecretOf';
import { parseWith, readJson } from '../../http/readJsonBody';
import { perClientPerMinute, rateLimit } from '../../middleware/rateLimit';
import { bearerCredentials } from '../../team';
import { authenticate, requirePermission } from '../../team';
import { forShopCaller } from '../../team';
import { authorizeSession } from '../authorizeSession';
import { createSessionOnce, createSession } from '../createSession';
import { readIdempotencyKey } from '../../http/readIdempotencyKey';
import { viewSession } from '../viewSession';
import { viewSessionForShop } from '../viewSessionForShop';
import { findOrder } from '../../orders';
import { findSession } from '../sessions';
import { describeRequest } from '../../http/describeRequest';

/**
 * `POST /api/sessions` (shop server) and `GET /api/sessions/:id`: the widget's view with the client secret, the
 * shop's view (status and the order's payment state) with a shop credential (`forShopCaller` tells them apart).
 */
const viewQuery = z.object({ locale: localeTag.optional() });

export function sessionRoutes(deps: AppDeps) {
  const limitCreation = rateLimit(perClientPerMinute(deps, 'sessions', deps.config.rateLimit.sessionsPerMinute));
  return new Hono<AppEnv>()
    .post(
      '/',
      limitCreation,
      authenticate(bearerCredentials(deps), 'shop secret'),
      requirePermission('sessions.create'),
      async (c) => {
        const idempotencyKey = readIdempotencyKey(
          c,
          false,
          'the same key and body answer the session the first request created',
        );
        const body = parseWith(createSessionBody, (await readJson(c)).value);
        if (!idempotencyKey) return c.json(await createSession(deps, body), 201);
        const { session, replayed } = await createSessionOnce(deps, body, idempotencyKey);
        if (replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(session, replayed ? 200 : 201);
      },
    )
    .get(
      '/:id',
      describeRequest({ query: viewQuery }),
      forShopCaller(every(authenticate(bearerCredentials(deps), 'shop secret'), requirePermission('shop.read'))),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        if (c.get('principal')) {
          const session = await findSession(deps.store.db, c.req.param('id'));
          const order = session && (await findOrder(deps.store.db, session.order_id));
          if (!session || !order) throw new ApiError(404, API_ERROR.not_found, `no session ${c.req.param('id')}`);
          return c.json(await viewSessionForShop(deps.store.db, session, order, deps.now()));
        }
        const clientSecret = clientSecretOf(c);
        // nothing at all: say what is needed rather than "not found"
        if (clientSecret === undefined) {
          throw new ApiError(
            401,
            API_ERROR.unauthorized,
            "the session's client secret (X-Client-Secret) or a shop credential (Authorization: Bearer) is required",
          );
        }
        const { session, order } = await authorizeSession(deps.store.db, c.req.param('id'), clientSecret);
        // the widget names the language it renders in, so method labels match the rest of its text
        const { locale } = parseWith(viewQuery, { locale: c.req.query('locale') });
        return c.json(await viewSession(deps.store.db, session, order, locale, deps.now()));
      },
    );
}
