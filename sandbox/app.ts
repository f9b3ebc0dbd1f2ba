import { Hono } from 'hono';
import type { GatewayProfile } from '../shared/gateway/profile';
import { bodyLimit } from 'hono/body-limit';
import type { AccountLookup } from './accounts';
import { applyHttpFault } from './faults/applyHttpFault';
import type { FaultSwitch } from './faults/createFaultSwitch';
import { discardBody } from './http/discardBody';
import { GatewayError } from './http/gatewayError';
import { errorFormatOf } from './http/errorFormatOf';
import { renderGatewayError } from './http/renderGatewayError';
import { type RefusalFormat, renderRefusal } from './http/renderRefusal';
import { authoriseRoute } from './routes/authorise';
import { cancelRoute } from './routes/cancel';
import { captureRoute } from './routes/capture';
import { checkoutRoute } from './routes/checkout';
import { faultsRoute } from './routes/faults';
import { hostedCardRoute } from './routes/hostedCard';
import { issuerRoute } from './routes/issuer';
import { payoutRoute } from './routes/payout';
import { refundRoute } from './routes/refund';
import { retrievalRefundRoute } from './routes/retrievalRefund';
import { retrievalTransRoute } from './routes/retrievalTrans';
import { reviewRoute } from './routes/review';
import { disputesRoute } from './routes/disputes';
import { refundControlsRoute } from './routes/refundControls';
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
  /** when a dispute opened without a delay of its own is decided (SANDBOX_DISPUTE_MS) */
  disputeMs?: number;
  /** time between two steps of a refund (received, accepted, result), scaled like the notifications */
  refundStepMs: number;
  /** signed field lists, content types, status codes and notify types (docs/protocol-decisions.md 9) */
  profile: GatewayProfile;
  /** hold each call to the profile's content type (`checkContentType`): the sandbox was given a profile */
  strictContentTypes?: boolean;
  /** wakes the delivery loop after a notification was enqueued */
  onEnqueued: () => void;
  /** the caller's IP as the socket reports it (Node's getConnInfo in production, a stub in unit tests) */
  clientIp: (c: import('hono').Context) => string | undefined;
  log: (message: string, detail?: Record<string, unknown>) => void;
  /** the fault switch (`/sandbox/faults`), in memory */
  faults: FaultSwitch;
}

export interface SandboxEnv {
  Variables: {
    /** set by routes that identified the account, for the request log */
    accountId: string;
    /** order numbers the request named, for the request log */
    orderNos: string[];
    /**
     * Writes this call's request-log entry now, once; later calls do nothing. A request a fault holds open is
     * counted when it arrives, so "how often did the gateway see it" is exact while it is still held.
     */
    recordRequest: (httpStatus: number) => Promise<void>;
    /** set by a call whose refusals the profile answers with 200 and an envelope (`renderRefusal`) */
    refusal: RefusalFormat | undefined;
  };
}

const BODY_LIMIT_BYTES = 1024 * 1024;
/** how much of a refused body is read and dropped to keep the connection usable; beyond it the connection closes */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

/** The gateway sandbox as a Hono app. Pure wiring: every dependency comes in through `deps`. */
export function createApp(deps: SandboxDeps): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.use('/v1/*', async function recordRequest(c, next) {
    let written: Promise<void> | undefined;
    const record = (httpStatus: number) =>
      (written ??= logRequest(deps.db, {
        endpoint: c.req.path,
        account_id: c.get('accountId') ?? null,
        order_nos: c.get('orderNos') ?? [],
        http_status: httpStatus,
        received_at: deps.now(),
      }));
    c.set('recordRequest', record);
    await next();
    await record(c.res.status);
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: async (c) => {
        if (!(await discardBody(c.req.raw.body, DISCARD_LIMIT_BYTES))) c.header('Connection', 'close');
        return renderGatewayError(
          c,
          new GatewayError('I0059', 'body', 'body is larger than 1 MiB', 413),
          errorFormatOf(c.req.path),
        );
      },
    }),
  );

  // after the body limit, so a fault never reads more of a body than a route would
  app.use('/v1/*', applyHttpFault(deps.faults));

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
  app.route('/sandbox/faults', faultsRoute(deps));
  app.route('/sandbox/disputes', disputesRoute(deps));
  app.route('/sandbox', refundControlsRoute(deps));
  app.route('/sandbox', sandboxControlRoute(deps));

  app.notFound((c) =>
    renderGatewayError(
      c,
      new GatewayError('I0115', 'path', `no endpoint ${c.req.method} ${c.req.path}`, 404),
      errorFormatOf(c.req.path),
    ),
  );
  app.onError(function mapError(err, c) {
    if (err instanceof GatewayError) {
      const refusal = c.get('refusal');
      return refusal
        ? renderRefusal(c, err, deps.profile, refusal)
        : renderGatewayError(c, err, errorFormatOf(c.req.path));
    }
    deps.log('sandbox error', { path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    const format = errorFormatOf(c.req.path);
    if (format === 'json')
      return c.json(
        {
          return_status: '0',
          return_message: 'S0001:Internal error',
          code: 'S0001',
          source: '',
          message: 'Internal error',
        },
        500,
      );
    return c.text('Internal error', 500);
  });
  return app;
}
