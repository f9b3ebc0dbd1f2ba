import { type Context, Hono } from 'hono';
import { API_ERROR } from '../../../shared/contract/errors';
import { createPaymentBody } from '../../../shared/contract/payment';
import { clientSecretBody } from '../../../shared/contract/widgetSchemas';
import { ApiError } from '../../apiError';
import type { AppDeps, AppEnv } from '../../deps';
import { clientIp } from '../../http/clientIp';
import { parseWith, readJson } from '../../http/readJsonBody';
import { perClientPerMinute, rateLimits } from '../../middleware/rateLimit';
import { abandonPayment } from '../abandonPayment';
import { createPayment } from '../createPayment';
import type { PaymentActionRequest } from '../paymentActionRequest';
import { resumePayment } from '../resumePayment';

/**
 * `POST /api/sessions/:id/payments`: the widget pays; `.../:paymentId/resume`: it reopens a pending card page;
 * `.../:paymentId/abandon`: the shopper leaves a pending attempt for another method.
 */
export function paymentRoutes(deps: AppDeps) {
  const { config } = deps;
  // per shopper and per session: one client cannot hammer the gateway, and one session cannot be brute-forced;
  // counted together (on PostgreSQL one statement for both)
  const limitPayments = rateLimits([
    perClientPerMinute(deps, 'pay-ip', config.rateLimit.paymentsPerMinute),
    {
      name: 'pay-session',
      limit: config.rateLimit.paymentsPerMinute,
      windowMs: 60_000,
      key: (c) => c.req.param('id') ?? '',
      counters: deps.limits,
    },
  ]);
  /** resume and abandon: an action on one payment of the session, authorised by the session's secret */
  const onPayment = async (
    c: Context<AppEnv>,
    run: (deps: AppDeps, req: PaymentActionRequest) => Promise<object>,
  ): Promise<Response> => {
    const body = parseWith(clientSecretBody, (await readJson(c)).value);
    const answer = await run(deps, {
      sessionId: c.req.param('id') ?? '',
      paymentId: c.req.param('paymentId') ?? '',
      clientSecret: body.client_secret,
      requestId: c.get('requestId'),
    });
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  };
  return new Hono<AppEnv>()
    .post('/:id/payments/:paymentId/resume', limitPayments, (c) => onPayment(c, resumePayment))
    .post('/:id/payments/:paymentId/abandon', limitPayments, (c) => onPayment(c, abandonPayment))
    .post('/:id/payments', limitPayments, async (c) => {
      const idempotencyKey = c.req.header('idempotency-key');
      if (!idempotencyKey || !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
        throw new ApiError(
          400,
          API_ERROR.invalid_request,
          'an Idempotency-Key header (1 to 255 visible ASCII characters) is required',
          [{ path: 'Idempotency-Key', message: 'is required' }],
        );
      }
      const { raw, value } = await readJson(c);
      const body = parseWith(createPaymentBody, value);
      const answer = await createPayment(deps, {
        sessionId: c.req.param('id'),
        body,
        rawBody: raw,
        idempotencyKey,
        ip: clientIp(c, config.trustedProxyHops),
        accept: c.req.header('accept'),
        // widgetCors has refused any origin outside ALLOWED_ORIGINS
        origin: c.req.header('origin'),
        requestId: c.get('requestId'),
      });
      c.header('Cache-Control', 'no-store');
      return c.json(answer.body, answer.status);
    });
}
