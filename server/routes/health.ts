import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from '../deps';

/** `GET /healthz`: the process is alive and the store answers. */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await sql`select 1`.execute(deps.store.db);
      return c.json({ status: 'ok', store: 'ok' });
    } catch (err) {
      deps.log.error({ err }, 'health check: store unreachable');
      return c.json({ status: 'error', store: 'unreachable' }, 503);
    }
  });
}
