import { Hono } from 'hono';
import { BATCH_LIMIT } from '../../shared/gateway/errors';
import { toDecimal } from '../../shared/gateway/money';
import { isQueryIpAllowed } from '../accounts';
import type { SandboxDeps, SandboxEnv } from '../app';
import { checkEnvelope, checkSignature } from '../http/checkEnvelope';
import { GatewayError } from '../http/gatewayError';
import { readFields } from '../http/readFields';
import { splitList } from '../http/splitList';
import { REFUND_ACCEPTED } from './refund';
import { compactUtc } from '../payments/formatTime';
import { refundsByReferences } from '../store/refunds';
import { getTransaction } from '../store/transactions';

/**
 * `POST /v1/retrievalRefund`: refunds by `refund_references` (refund_reference_id or the merchant's
 * refund_reference), up to 100, from registered IPs like every query. Unknown references come back with
 * query_result `0`.
 */
export function retrievalRefundRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', async (c) => {
    const fields = await readFields(c, ['form']);
    const account = checkEnvelope(fields, deps.findAccount);
    c.set('accountId', account.account_id);
    if (!isQueryIpAllowed(account, deps.clientIp(c))) throw new GatewayError('I0072', 'ip', undefined, 403);
    checkSignature('retrievalRefund', fields, account);
    const references = splitList(fields.refund_references);
    if (references.length === 0) throw new GatewayError('I0059', 'refund_references', 'refund_references is required');
    if (references.length > BATCH_LIMIT.query)
      throw new GatewayError('B0001', 'refund_references', `at most ${BATCH_LIMIT.query} references`);
    const list: Record<string, string>[] = [];
    const found = new Set<string>();
    for (const refund of await refundsByReferences(deps.db, references)) {
      const tx = await getTransaction(deps.db, refund.transaction_id);
      if (!tx || tx.account_id !== account.account_id) continue;
      found.add(refund.refund_reference_id).add(refund.refund_reference);
      list.push({
        refund_reference_id: refund.refund_reference_id,
        refund_reference: refund.refund_reference,
        transaction_id: tx.transaction_id,
        order_no: tx.order_no,
        currency: tx.currency,
        amount: toDecimal(tx.amount_minor, tx.currency),
        refund_amount: toDecimal(refund.amount_minor, refund.currency),
        refund_reason: refund.reason,
        refund_status: '1',
        refund_message: REFUND_ACCEPTED,
        refund_date: compactUtc(refund.created_at),
        query_result: '1',
      });
    }
    for (const ref of references) if (!found.has(ref)) list.push({ refund_reference_id: ref, query_result: '0' });
    const envelope = {
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      return_status: '1',
      return_message: 'Success',
    };
    return c.json({
      ...envelope,
      encryption_data: fields.encryption_data,
      refund_orders: list,
    });
  });
}
