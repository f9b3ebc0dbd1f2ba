import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { API_ERROR } from '../shared/contract/errors';
import type { AppDeps, AppEnv } from './deps';
import { createAdminApi } from './admin/createAdminApi';
import { newId } from './ids';
import { clientIp } from './http/clientIp';
import { limitBody } from './middleware/limitBody';
import { perClientPerMinute, rateLimit } from './middleware/rateLimit';
import { logRequests } from './middleware/logRequests';
import { measureRequests } from './metrics/measureRequests';
import { metricsRoutes } from './metrics/metricsRoutes';
import { mapError } from './middleware/mapError';
import { refuseNul } from './middleware/refuseNul';
import { throttleFailedAuth } from './middleware/throttleFailedAuth';
import { widgetCors } from './middleware/widgetCors';
import { openApiRoutes } from './http/openApi';
import { adminPageRoutes } from './admin/adminPage';
import { demoRoutes } from './demo/demoRoutes';
import { shopEventRoutes } from './shopEvents/routes/shopEvents';
import { frameRoutes } from './checkout/routes/frame';
import { healthRoutes } from './metrics/healthRoutes';
import { createBadSignatureHandler } from './notifications';
import { hookRoutes } from './notifications/routes/hooks';
import { paymentRoutes } from './checkout/routes/payments';
import { returnRoutes } from './checkout/routes/return';
import { savedCardRoutes } from './checkout/routes/savedCards';
import { sessionRoutes } from './checkout/routes/sessions';
import { shopOrderRoutes } from './orders/routes/shopOrders';
import { forShopCaller } from './team';
import { staticRoutes } from './http/staticRoutes';

/** Request bodies are small JSON or form posts; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 64 * 1024;
/**
 * What anyone can send without a secret (notifications, return links) gets less: a gateway notification is a
 * short form (about 1 KiB), and a stranger's flood must cost little.
 */
const INBOUND_MAX_BODY_BYTES = 8 * 1024;

/** People's sign-in, which counts its own attempts (server/team/signIn.ts). */
const SIGN_IN_PATH = /^\/admin\/api\/sign-in$/;

/** A script or stylesheet at the root: the widget's files (server/http/staticRoutes.ts), never a document. */
const SUBRESOURCE = /^\/[^/]+\.(?:js|css)$/;

/**
 * The merchant backend as a Hono app (docs/architecture.md 5). Pure wiring: no I/O
 * happens until a request arrives.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId({ generator: () => newId('req') }));
  app.use(logRequests(deps.log), measureRequests(deps.metrics));
  // Pages that are framed or loaded cross-origin (card frame, return page, widget.js) set their own framing,
  // CSP and resource policy; overwrite:false keeps those and gives every other response the strict defaults.
  const strictHeaders = secureHeaders({
    overwrite: false,
    xFrameOptions: false,
    crossOriginResourcePolicy: false,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  });
  // The widget's scripts and stylesheet (server/http/staticRoutes.ts) load into shop pages, and every byte of their headers
  // is paid on the first render (about 0.4 kB a file saved): they keep nosniff, which acts on a script or a
  // stylesheet. CSP, COOP, Origin-Agent-Cluster, Referrer-Policy and the X- headers act on documents only, and
  // HSTS is a policy for the whole host, which the session call of that same first render sets.
  const subresourceHeaders = secureHeaders({
    overwrite: false,
    strictTransportSecurity: false,
    xFrameOptions: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((c, next) => (SUBRESOURCE.test(c.req.path) ? subresourceHeaders : strictHeaders)(c, next));
  app.onError(mapError(deps.log));
  app.notFound((c) =>
    c.json({ error: { code: API_ERROR.not_found, message: `no route for ${c.req.method} ${c.req.path}` } }, 404),
  );

  app.use(refuseNul());
  app.use('/api/*', widgetCors(deps.config.allowedOrigins), limitBody(MAX_BODY_BYTES));
  // per IP, before anything is read: a flood of unsigned notifications or replayed return links gets 429
  const perIp = (name: string, limit: number) => rateLimit(perClientPerMinute(deps, name, limit));
  app.use('/hooks/*', perIp('hooks', deps.config.rateLimit.hooksPerMinute), limitBody(INBOUND_MAX_BODY_BYTES));
  app.use('/pay/return/*', perIp('return', deps.config.rateLimit.returnsPerMinute), limitBody(INBOUND_MAX_BODY_BYTES));
  app.use('/demo/*', limitBody(MAX_BODY_BYTES));
  // one budget of failed authentications per client IP for the admin API (bearer, cookie and people's sign-in),
  // /metrics and the shop server's calls (session creation, its reads of orders, sessions and events): guessing a
  // token, secret or password gets a handful of tries per window
  const authFailures = throttleFailedAuth({
    ...deps.config.authFailures,
    key: (c) => clientIp(c, deps.config.trustedProxyHops),
    counters: deps.limits,
    // a sign-in (its credentials are in the body) or any request with a bearer header or a cookie: the page
    // asking "am I signed in?" with nothing is not a guess, and must not lock a reloading owner out
    // People's sign-in counts its own attempts, per address and per account, before the password is checked
    // (server/team/signIn.ts), so it is neither counted nor refused here; a request with a cookie and no bearer is
    // a signed-in person's and is never refused for another's guesses (its 401 still counts)
    isAttempt: (c) =>
      !SIGN_IN_PATH.test(c.req.path) &&
      (c.req.method !== 'GET' || c.req.header('authorization') !== undefined || c.req.header('cookie') !== undefined),
    passes: (c) =>
      SIGN_IN_PATH.test(c.req.path) ||
      (c.req.header('authorization') === undefined && c.req.header('cookie') !== undefined),
  });
  app.use('/admin/api/*', authFailures);
  app.use('/metrics', authFailures);
  app.on('POST', '/api/sessions', authFailures);
  app.use('/api/orders/*', authFailures);
  // a wrong client secret is the widget's 404, not a guess at a Bearer secret: only the shop's reads count
  app.on('GET', '/api/sessions/:id', forShopCaller(authFailures));
  app.use('/api/events', authFailures);
  app.route('/api/sessions', sessionRoutes(deps));
  app.route('/api/orders', shopOrderRoutes(deps));
  app.route('/api/sessions', paymentRoutes(deps));
  app.route('/api/sessions', savedCardRoutes(deps));
  app.route('/api/events', shopEventRoutes(deps));
  app.route('/pay/frame', frameRoutes(deps));
  // a return whose signature does not verify queries its order at most once a minute
  const onBadSignature = createBadSignatureHandler(deps);
  app.route('/pay/return', returnRoutes(deps, onBadSignature));
  app.route('/hooks/gateway', hookRoutes(deps));
  app.route('/', healthRoutes(deps));
  app.route('/metrics', metricsRoutes(deps));
  app.route('/admin/api', createAdminApi(deps));
  app.route('/admin', adminPageRoutes(deps));
  // the demo shop's server calls this app's shop API with the typed client, in-process; it takes anonymous
  // visitors, so it is served only when asked for (DEMO=1, which `npm start` sets and production refuses)
  if (deps.config.demo && !deps.config.production)
    app.route(
      '/',
      demoRoutes(deps, async (input, init) => app.fetch(new Request(input, init))),
    );
  app.route(
    '/',
    openApiRoutes(() => app.routes),
  );
  app.route('/', staticRoutes(deps));
  return app;
}
