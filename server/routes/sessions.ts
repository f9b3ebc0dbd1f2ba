import { z } from 'zod';
import { localeTag } from '../../shared/contract/primitives';
import { Hono } from 'hono';
import { createSessionBody } from '../../shared/contract/session';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { clientSecretOf } from '../http/clientSecretOf';
import { parseWith, readJson } from '../http/readJsonBody';
import { rateLimit } from '../middleware/rateLimit';
import { bearerCredentials } from '../auth/credentials';
import { authenticate, requirePermission } from '../middleware/authenticate';
import { authorizeSession } from '../sessions/authorizeSession';
import { createSession } from '../sessions/createSession';
import { viewSession } from '../sessions/viewSession';

/** `POST /api/sessions` (shop server) and `GET /api/sessions/:id` (widget). */
const viewQuery = z.object({ locale: localeTag.optional() });

export function sessionRoutes(deps: AppDeps) {
  const limitCreation = rateLimit({
    name: 'sessions',
    limit: deps.config.rateLimit.sessionsPerMinute,
    windowMs: 60_000,
    key: (c) => clientIp(c, deps.config.trustedProxyHops),
    counters: deps.limits,
  });
  return new Hono<AppEnv>()
    .post(
      '/',
      limitCreation,
      authenticate(bearerCredentials(deps), 'shop secret'),
      requirePermission('sessions.create'),
      async (c) => {
        const body = parseWith(createSessionBody, (await readJson(c)).value);
        return c.json(await createSession(deps, body), 201);
      },
    )
    .get('/:id', async (c) => {
      const { session, order } = await authorizeSession(deps.store.db, c.req.param('id'), clientSecretOf(c));
      // the widget names the language it renders in, so method labels match the rest of its text
      const { locale } = parseWith(viewQuery, { locale: c.req.query('locale') });
      c.header('Cache-Control', 'no-store');
      return c.json(await viewSession(deps.store.db, session, order, locale));
    });
}
