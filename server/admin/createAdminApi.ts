import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { limitBody } from '../middleware/limitBody';
import { bearerCredentials } from '../auth/credentials';
import { sessionCookie } from '../auth/sessionCookie';
import { refuseCrossOrigin } from '../middleware/refuseCrossOrigin';
import { accountRoutes } from './routes/account';
import { authenticate, requirePermission } from '../middleware/authenticate';
import { bulkRoutes } from './routes/bulk';
import { disputeRoutes } from './routes/disputes';
import { eventRoutes } from './routes/events';
import { orderRoutes } from './routes/orders';
import { paymentMethodRoutes } from './routes/paymentMethods';
import { payoutRoutes } from './routes/payouts';
import { statsRoutes } from './routes/stats';
import { syncRoutes } from './routes/sync';
import { userRoutes } from './routes/users';

/** Bulk requests name up to 5000 orders; that fits well within 1 MiB. */
const MAX_ADMIN_BODY_BYTES = 1024 * 1024;

/**
 * The shop owner's admin API (DESIGN.md "Shop-owner" table), mounted at `/admin/api`. Every route needs a bearer
 * credential (`bearerCredentials`) or a signed-in person's session cookie (only here, never on the shop's
 * `/api` routes); anything else is a 401 that does not say what was wrong. A state-changing request without a
 * bearer header must come from the admin page's origin (`refuseCrossOrigin`, CSRF). The person's own routes
 * (sign-in, `/me`, ...) come first, as some need no session. Answers are never cached: they show live orders and
 * money.
 *
 * @example
 * app.route('/admin/api', createAdminApi(deps));
 */
export function createAdminApi(deps: AppDeps): Hono<AppEnv> {
  return (
    new Hono<AppEnv>()
      .use(async function noStore(c, next) {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .use(limitBody(MAX_ADMIN_BODY_BYTES))
      .use(
        refuseCrossOrigin(deps.config.publicUrl, {
          cookie: /(?:^|;\s*)(?:__Host-)?admin_session=/,
          ambient: /\/(?:sign-in|welcome)$/,
        }),
      )
      .route('/', accountRoutes(deps))
      .use(authenticate([...bearerCredentials(deps), sessionCookie(deps)], 'admin token'))
      // the shop server's secret authenticates but reads no admin route: every staff role can read orders
      .use(requirePermission('orders.read'))
      // the calls that move money or change settings, until every route names its own permission (#21)
      .on('POST', ['/orders/capture', '/orders/cancel'], requirePermission('orders.operate'))
      .on('POST', '/payouts', requirePermission('payouts.send'))
      .on('PUT', '/payment-methods', requirePermission('methods.write'))
      .route('/orders', bulkRoutes(deps))
      .route('/orders', syncRoutes(deps))
      .route('/orders', orderRoutes(deps))
      .route('/disputes', disputeRoutes(deps))
      .route('/payouts', payoutRoutes(deps))
      .route('/payment-methods', paymentMethodRoutes(deps))
      .route('/events', eventRoutes(deps))
      .route('/stats', statsRoutes(deps))
      .route('/users', userRoutes(deps))
  );
}
