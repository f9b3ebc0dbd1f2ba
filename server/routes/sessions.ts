import { z } from 'zod';
import { localeTag } from '../../shared/contract/primitives';
import { Hono } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { createSessionBody } from '../../shared/contract/session';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { parseWith, readJson } from '../http/readJsonBody';
import { rateLimit } from '../middleware/rateLimit';
import { requireBearer } from '../middleware/requireBearer';
import { authorizeSession } from '../sessions/authorizeSession';
import { createSession } from '../sessions/createSession';
import { viewSession } from '../sessions/viewSession';

/**
 * The session's client secret as the widget sends it on a GET: the X-Client-Secret header, or a Bearer one. A
 * secret in the query string is refused rather than ignored: URLs end up in access logs, proxies and history.
 */
function clientSecretOf(c: {
  req: { header(name: string): string | undefined; query(name: string): string | undefined };
}): string | undefined {
  if (c.req.query('client_secret') !== undefined) {
    throw new ApiError(
      401,
      API_ERROR.unauthorized,
      'the client_secret must not be in the URL: send it in the X-Client-Secret header',
    );
  }
  const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  return c.req.header('x-client-secret') ?? bearer;
}

/** `POST /api/sessions` (shop server) and `GET /api/sessions/:id` (widget). */
const viewQuery = z.object({ locale: localeTag.optional() });

export function sessionRoutes(deps: AppDeps) {
  const limitCreation = rateLimit({
    limit: deps.config.rateLimit.sessionsPerMinute,
    windowMs: 60_000,
    key: (c) => `sessions:${clientIp(c, deps.config.trustedProxyHops)}`,
    now: () => deps.now().getTime(),
  });
  return new Hono<AppEnv>()
    .post('/', limitCreation, requireBearer(deps.config.shopSecret, 'shop secret'), async (c) => {
      const body = parseWith(createSessionBody, (await readJson(c)).value);
      return c.json(await createSession(deps, body), 201);
    })
    .get('/:id', async (c) => {
      const { session, order } = await authorizeSession(deps.store.db, c.req.param('id'), clientSecretOf(c));
      // the widget names the language it renders in, so method labels match the rest of its text
      const { locale } = parseWith(viewQuery, { locale: c.req.query('locale') });
      c.header('Cache-Control', 'no-store');
      return c.json(await viewSession(deps.store.db, session, order, locale));
    });
}
