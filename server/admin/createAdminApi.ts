import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { limitBody } from '../middleware/limitBody';
import { bearerCredentials } from '../team';
import { sessionCookie } from '../team';
import { refuseCrossOrigin } from '../middleware/refuseCrossOrigin';
import { authenticate } from '../team';
import { accountRoutes } from '../team/routes/adminAccount';
import { apiKeyRoutes } from '../team/routes/adminApiKeys';
import { bulkRoutes } from '../operations/routes/adminBulk';
import { disputeRoutes } from '../disputes/routes/adminDisputes';
import { eventRoutes } from '../orders/routes/adminEvents';
import { exportRoutes } from '../orders/routes/exportOrders';
import { orderRoutes } from '../orders/routes/adminOrders';
import { paymentMethodRoutes } from '../methods/routes/adminPaymentMethods';
import { payoutRoutes } from '../payouts/routes/adminPayouts';
import { recipientRoutes } from '../payouts/routes/adminRecipients';
import { refundRoutes } from '../refunds/routes/adminRefunds';
import { settingsRoutes } from '../refunds/routes/adminSettings';
import { shopEndpointRoutes } from '../shopEvents/routes/adminShopEndpoints';
import { statsRoutes } from '../orders/routes/adminStats';
import { syncRoutes } from '../operations/routes/adminSync';
import { userRoutes } from '../team/routes/adminUsers';

/** Bulk requests name up to 5000 orders; that fits well within 1 MiB. */
const MAX_ADMIN_BODY_BYTES = 1024 * 1024;

/**
 * The shop owner's admin API (docs/architecture.md 5.2), mounted at `/admin/api`. Every route needs a bearer
 * credential (`bearerCredentials`: an API key, or `ADMIN_TOKEN` where allowed) or a signed-in person's session
 * cookie (only here, never on the shop's `/api` routes); anything else is a 401 that does not say what was wrong.
 * Each route then names the permission it needs (`requirePermission`, the table in shared/contract/roles.ts), so a
 * role that lacks it gets a 403 naming it; roleMatrix.test.ts holds the whole matrix of routes and roles. A
 * state-changing request without a bearer header must come from the admin page's origin (`refuseCrossOrigin`,
 * CSRF). The person's own routes (sign-in, `/me`, ...) come first, as some need no session. Answers are never
 * cached: they show live orders and money. Its return type is left to inference: it holds every route's answer
 * type, which adminAnswers.test.ts holds to the shapes of shared/contract/ that the admin page reads.
 *
 * @example
 * app.route('/admin/api', createAdminApi(deps));
 */
export function createAdminApi(deps: AppDeps) {
  return new Hono<AppEnv>()
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
    .route('/orders', bulkRoutes(deps))
    .route('/orders', syncRoutes(deps))
    .route('/orders', exportRoutes(deps))
    .route('/orders', orderRoutes(deps))
    .route('/disputes', disputeRoutes(deps))
    .route('/payouts', payoutRoutes(deps))
    .route('/recipients', recipientRoutes(deps))
    .route('/payment-methods', paymentMethodRoutes(deps))
    .route('/events', eventRoutes(deps))
    .route('/stats', statsRoutes(deps))
    .route('/keys', apiKeyRoutes(deps))
    .route('/refunds', refundRoutes(deps))
    .route('/settings', settingsRoutes(deps))
    .route('/shop-endpoints', shopEndpointRoutes(deps))
    .route('/users', userRoutes(deps));
}
