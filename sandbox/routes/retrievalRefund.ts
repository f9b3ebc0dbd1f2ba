import { Hono } from 'hono';
import { BATCH_LIMIT } from '../../shared/gateway/errors';
import { toDecimal } from '../../shared/gateway/money';
import { type GatewayProfile, toWireStatus } from '../../shared/gateway/profile';
import { isQueryIpAllowed } from '../accounts';
import type { SandboxDeps, SandboxEnv } from '../app';
import { checkEnvelope, checkSignature } from '../http/checkEnvelope';
import { GatewayError } from '../http/gatewayError';
import { checkContentType } from '../http/checkContentType';
import { readFields } from '../http/readFields';
import { searchList } from '../http/splitList';
import { RETURN_MESSAGE_OK } from '../http/successMessage';
import { compactUtc } from '../payments/formatTime';
import { REFUND_STATE } from '../../shared/gateway/refundState';
import { searchRefunds, type FoundRefund } from '../store/refunds';
import { REFUND_OK } from '../payments/refundOk';

/** The three selectors of a refund search, each a comma-separated form field (docs/gateway-evidence.md 4). */
const SELECTORS = ['refund_orders', 'refund_references', 'merchant_refunds'] as const;

/**
 * `POST /v1/retrievalRefund`, the refund search (docs/gateway-evidence.md 4): form fields `refund_orders` (order_no),
 * `refund_references` (refund_reference_id, or the merchant's refund_reference) and `merchant_refunds` (the
 * merchant's refund_reference), each at most 1000 characters, at least one and at most 100 values in all, from
 * registered IPs like every query. Answers the list `refund_orders` of the refunds found, oldest first.
 */
export function retrievalRefundRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', async (c) => {
    const fields = await readFields(c, ['form']);
    checkContentType(c, deps, 'retrievalRefund');
    const account = checkEnvelope(fields, deps.findAccount);
    c.set('accountId', account.account_id);
    if (!isQueryIpAllowed(account, deps.clientIp(c))) throw new GatewayError('I0072', 'ip', undefined, 403);
    checkSignature('retrievalRefund', fields, account, deps.profile);
    const [orderNos, references, merchantRefunds] = SELECTORS.map((name) => searchList(fields, name)) as [
      string[],
      string[],
      string[],
    ];
    c.set('orderNos', orderNos);
    const count = orderNos.length + references.length + merchantRefunds.length;
    if (count === 0) throw new GatewayError('I0059', 'refund_orders', `one of ${SELECTORS.join(', ')} is required`);
    if (count > BATCH_LIMIT.query)
      throw new GatewayError(
        'B0001',
        'refund_orders',
        `at most ${BATCH_LIMIT.query} values in ${SELECTORS.join(', ')}`,
      );
    const found = await searchRefunds(deps.db, account.account_id, { orderNos, references, merchantRefunds });
    return c.json({
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      return_status: '1',
      return_message: RETURN_MESSAGE_OK,
      // the request's own value, echoed (docs/gateway-evidence.md 2)
      encryption_data: fields.encryption_data,
      refund_orders: found.map((refund) => refundItem(refund, deps.profile)),
    });
  });
}

/**
 * Every field of the item of docs/gateway-evidence.md 4, plus refund_message and query_result as the batch and query
 * carry.
 */
function refundItem(refund: FoundRefund, profile: GatewayProfile): Record<string, string> {
  return {
    transaction_id: refund.transaction_id,
    order_no: refund.order_no,
    amount: toDecimal(refund.order_amount_minor, refund.currency),
    currency: refund.currency,
    // the request went through unless the refund failed; where it is in its life is refund_state [ours] and,
    // as the docs show it, refund_processing_date (empty until the result)
    refund_status: refund.state === REFUND_STATE.failed ? '0' : '1',
    refund_state: refund.state,
    payment_status: toWireStatus(profile, refund.payment_status),
    refund_amount: toDecimal(refund.amount_minor, refund.currency),
    refund_reference: refund.refund_reference,
    refund_reason: refund.reason,
    refund_reference_id: refund.refund_reference_id,
    refund_message: refund.message ?? REFUND_OK,
    refund_date: compactUtc(refund.created_at),
    refund_processing_date: refund.processed_at === null ? '' : compactUtc(refund.processed_at),
    query_result: '1',
  };
}
