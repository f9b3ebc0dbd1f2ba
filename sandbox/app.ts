import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AccountLookup } from './accounts';
import { discardBody } from './http/discardBody';
import { GatewayError } from './http/gatewayError';
import { renderGatewayError, type ErrorFormat } from './http/renderGatewayError';
import { authoriseRoute } from './routes/authorise';
import { cancelRoute } from './routes/cancel';
import { captureRoute } from './routes/capture';
import { checkoutRoute } from './routes/checkout';
import { hostedCardRoute } from './routes/hostedCard';
import { issuerRoute } from './routes/issuer';
import { payoutRoute } from './routes/payout';
import { refundRoute } from './routes/refund';
import { retrievalRefundRoute } from './routes/retrievalRefund';
import { retrievalTransRoute } from './routes/retrievalTrans';
import { reviewRoute } from './routes/review';
import { sandboxControlRoute } from './routes/sandboxControl';
import { logRequest } from './store/requestLog';
import type { Db } from './store/openStore';

export interface SandboxDeps {
  db: Db;
  findAccount: AccountLookup;
  /** base of issuer_url, the loading page's form action and the hosted pages, without a trailing slash */
  publicUrl: string;
  now: () => number;
  /** delay before a pending (0077) card payment settles to approved */
  settleMs: number;
  /** wakes the delivery loop after a notification was enqueued */
  onEnqueued: () => void;
  /** the caller's IP as the socket reports it (Node's getConnInfo in production, a stub in unit tests) */
  clientIp: (c: import('hono').Context) => string | undefined;
  log: (message: string, detail?: Record<string, unknown>) => void;
}

export interface SandboxEnv {
  Variables: {
    /** set by routes that identified the account, for the request log */
    accountId: string;
    /** order numbers the request named, for the request log */
    orderNos: string[];
  };
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** how much of a refused body is read and dropped to keep the connection usable; beyond it the connection closes */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

/** Which error rendering a path gets (PROTOCOL.md 2): the hosted pages and checkout speak HTML, authorise XML. */
function errorFormatOf(path: string): ErrorFormat {
  if (path.startsWith('/v1/authorise')) return 'xml';
  if (path.startsWith('/v1/checkout') || path.startsWith('/hosted/') || path.startsWith('/issuer/')) return 'html';
  return 'json';
}

/** The gateway sandbox as a Hono app. Pure wiring: every dependency comes in through `deps`. */
export function createApp(deps: SandboxDeps): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.use('/v1/*', async function recordRequest(c, next) {
    await next();
    await logRequest(deps.db, {
      endpoint: c.req.path,
      account_id: c.get('accountId') ?? null,
      order_nos: c.get('orderNos') ?? [],
      http_status: c.res.status,
      received_at: deps.now(),
    });
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: async (c) => {
        if (!(await discardBody(c.req.raw.body, DISCARD_LIMIT_BYTES))) c.header('Connection', 'close');
        return renderGatewayError(c, new GatewayError('I0059', 'body', 'body is larger than 1 MiB', 413), errorFormatOf(c.req.path));
      },
    }),
  );

  app.route('/v1/authorise', authoriseRoute(deps));
  app.route('/v1/checkout', checkoutRoute(deps));
  app.route('/v1/retrievalTrans', retrievalTransRoute(deps));
  app.route('/v1/retrievalRefund', retrievalRefundRoute(deps));
  app.route('/v1/capture', captureRoute(deps));
  app.route('/v1/review', reviewRoute(deps));
  app.route('/v1/cancel', cancelRoute(deps));
  app.route('/v1/refund', refundRoute(deps));
  app.route('/v1/payout', payoutRoute(deps));
  app.route('/hosted', hostedCardRoute(deps));
  app.route('/issuer', issuerRoute(deps));
  app.route('/sandbox', sandboxControlRoute(deps));

  app.notFound((c) => renderGatewayError(c, new GatewayError('I0115', 'path', `no endpoint ${c.req.method} ${c.req.path}`, 404), errorFormatOf(c.req.path)));
  app.onError(function mapError(err, c) {
    if (err instanceof GatewayError) return renderGatewayError(c, err, errorFormatOf(c.req.path));
    deps.log('sandbox error', { path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    const format = errorFormatOf(c.req.path);
    if (format === 'json') return c.json({ return_status: '0', return_message: 'S0001:Internal error', code: 'S0001', source: '', message: 'Internal error' }, 500);
    return c.text('Internal error', 500);
  });
  return app;
}
