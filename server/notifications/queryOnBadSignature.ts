import type { AppDeps } from '../deps';
import { findAttemptByGatewayOrderNo } from '../orders';
import { createWindowCounter } from '../windowCounter';
import { confirmPayment } from '../orders';

/** At most one query per order and this long, whatever arrives: a forged message cannot make us flood the gateway. */
const BAD_SIGNATURE_QUERY_EVERY_MS = 60_000;

type BadSignatureSource = 'notification' | 'return';

/**
 * What a notification or return redirect whose signature does not verify leads to (docs/protocol-decisions.md 3): it is
 * never applied, but it is counted and logged with what was checked (the field list, never the key), and the order it
 * names is queried, so a signature set-up that proves wrong in production costs a delay, never a lost payment.
 * Answers what it did: `queried`, `throttled` (the order was queried within the last minute) or `unknown_order`.
 * The throttle lives in this process (`createWindowCounter`): it bounds the load and decides nothing that must
 * happen once.
 */
export function createBadSignatureHandler(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'metrics' | 'config'>,
) {
  const queried = createWindowCounter({ windowMs: BAD_SIGNATURE_QUERY_EVERY_MS, now: () => deps.now().getTime() });

  return async function onBadSignature(
    source: BadSignatureSource,
    fields: Readonly<Record<string, string>>,
    requestId?: string,
  ): Promise<'queried' | 'throttled' | 'unknown_order'> {
    deps.metrics.gatewayBadSignatures.inc({ source });
    const kind = source === 'notification' ? 'notification' : 'returnRedirect';
    deps.log.warn(
      {
        requestId,
        source,
        // anyone can send these: what is logged of them is bounded
        order_no: fields.order_no?.slice(0, 50),
        signed_fields: deps.gateway.profile.signatures[kind].join(','),
        fields_received: Object.keys(fields).sort().slice(0, 40).join(',').slice(0, 500),
      },
      `gateway: a ${source} signature does not verify over the profile's "${kind}" field list; querying the order instead`,
    );
    const attempt = fields.order_no ? await findAttemptByGatewayOrderNo(deps.store.db, fields.order_no) : undefined;
    if (!attempt) return 'unknown_order';
    if (queried.count(attempt.id).count > 1) return 'throttled';
    await confirmPayment(deps, attempt, requestId);
    return 'queried';
  };
}

export type OnBadSignature = ReturnType<typeof createBadSignatureHandler>;
