import type { Context } from 'hono';
import { BATCH_LIMIT, formatGatewayMessage, type BatchOperation } from '../../shared/gateway/errors';
import { toMinor } from '../../shared/gateway/money';
import type { GatewayProfile } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import type { SandboxDeps, SandboxEnv } from '../app';
import { checkEnvelope, checkSignature } from '../http/checkEnvelope';
import { checkFields } from '../http/checkFields';
import type { FieldRule } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { checkContentType } from '../http/checkContentType';
import { readFields, type Fields } from '../http/readFields';
import { RETURN_MESSAGE_OK } from '../http/successMessage';
import type { Db } from '../store/openStore';
import { getTransaction, type TransactionRow } from '../store/transactions';

export interface BatchOp {
  name: Exclude<BatchOperation, 'query'>;
  listField: string;
  statusField: string;
  itemRules: readonly FieldRule[];
  /** request item fields echoed in the response item */
  echo: readonly string[];
  /**
   * Applies one item to its transaction inside a database transaction, or throws a GatewayError for that item.
   * Returns the response item's fields beyond the echo and the status.
   */
  apply(
    db: Db,
    account: Account,
    tx: TransactionRow,
    item: Fields,
    now: number,
    profile: GatewayProfile,
  ): Promise<Record<string, string>>;
  /** response fields of a failed item, beyond the echo and the status */
  failed(message: string): Record<string, string>;
}

/**
 * Runs a capture, cancel, review or refund call (docs/gateway-api.md 2.5): the envelope and signature, the batch limit
 * (B0001), then each item on its own: an item that fails leaves its order as it was and the others proceed.
 * return_status `1` when all succeeded, `2` when any failed (docs/protocol-decisions.md 4). A body is read as JSON
 * whatever its content-type header says (docs/gateway-evidence.md 1), unless the profile names `application/json`
 * for the call: then only under that header (readFields). A sandbox given a profile also holds the header to the
 * profile's (`checkContentType`).
 */
export async function runBatch(c: Context<SandboxEnv>, deps: SandboxDeps, op: BatchOp): Promise<Response> {
  const fields = await readFields(c, ['json'], [], deps.profile.contentTypes[op.name]);
  checkContentType(c, deps, op.name);
  const account = checkEnvelope(fields, deps.findAccount);
  c.set('accountId', account.account_id);
  checkSignature(op.name, fields, account, deps.profile);
  const list = fields[op.listField];
  if (!Array.isArray(list) || list.length === 0)
    throw new GatewayError('I0059', op.listField, `${op.listField} must be a non-empty array`);
  const limit = BATCH_LIMIT[op.name];
  if (list.length > limit)
    throw new GatewayError(
      'B0001',
      op.listField,
      `${op.name} takes at most ${limit} orders per request, got ${list.length}`,
    );
  c.set(
    'orderNos',
    list.map((item) => (item as Fields | null)?.order_no).filter((v): v is string => typeof v === 'string'),
  );

  const results: Record<string, string>[] = [];
  for (const [i, raw] of list.entries()) {
    const item: Fields = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Fields) : {};
    const echo = Object.fromEntries(
      op.echo.map((name) => [name, typeof item[name] === 'string' ? (item[name] as string) : '']),
    );
    try {
      checkFields(item, op.itemRules, `${op.listField}[${i}].`);
      const done = await deps.db.transaction().execute(async (trx) => {
        const tx = await getTransaction(trx, String(item.transaction_id));
        if (!tx || tx.account_id !== account.account_id || tx.order_no !== item.order_no)
          throw new GatewayError('I0115', 'transaction_id');
        if (tx.currency !== item.currency)
          throw new GatewayError('I0023', 'currency', 'currency does not match the order');
        return op.apply(trx, account, tx, item, deps.now(), deps.profile);
      });
      results.push({ ...echo, ...done, [op.statusField]: '1' });
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e;
      results.push({ ...echo, ...op.failed(formatGatewayMessage(e.code, e.text)), [op.statusField]: '0' });
    }
  }
  deps.onEnqueued();

  const failures = results.filter((r) => r[op.statusField] === '0').length;
  return c.json({
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    return_status: failures === 0 ? '1' : '2',
    return_message: failures === 0 ? RETURN_MESSAGE_OK : `${failures} of ${results.length} items failed`,
    // the request's own value, not a signature over the answer (docs/gateway-evidence.md 2): it correlates, TLS
    // authenticates
    encryption_data: fields.encryption_data,
    [op.listField]: results,
  });
}

/** The item's `amount` must be the order's amount (capture is the exception: it names the amount to capture). */
export function checkOrderAmount(tx: TransactionRow, item: Fields): void {
  if (toMinor(String(item.amount), tx.currency) !== tx.amount_minor)
    throw new GatewayError('I0020', 'amount', 'amount does not match the order amount');
}
