import { Hono } from 'hono';
import { toDecimal, toMinor } from '../../shared/gateway/money';
import type { Account } from '../accounts';
import type { SandboxDeps, SandboxEnv } from '../app';
import { checkEnvelope, checkSignature } from '../http/checkEnvelope';
import { checkFields } from '../http/checkFields';
import { PAYOUT_RULES, type FieldRule } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { checkContentType } from '../http/checkContentType';
import { readFields, type Fields } from '../http/readFields';
import { RETURN_MESSAGE_OK } from '../http/successMessage';
import { enqueueNotification } from '../notify/enqueueNotification';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import { newPayoutId } from '../payments/newIds';
import { payoutAmounts } from '../payments/payoutFee';
import { findPayout, insertPayout } from '../store/payouts';

const PARTY_RULES: readonly FieldRule[] = [
  { field: 'entity_type', format: { coded: 'entity_type' } },
  { field: 'date_of_birth', format: 'isoDate' },
  { field: 'additional_info', format: 'object' },
  { field: 'address', format: 'object' },
];
const BENEFICIARY_RULES: readonly FieldRule[] = [
  ...PARTY_RULES,
  { field: 'person_documents', format: 'array' },
  { field: 'bank_details', format: 'object' },
];
const ADDRESS_RULES: readonly FieldRule[] = [{ field: 'country_code', format: 'country' }];
const BANK_RULES: readonly FieldRule[] = [
  { field: 'bank_country_code', format: 'country' },
  { field: 'account_currency', format: 'currency', invalid: 'I0023' },
];

/**
 * `POST /v1/payout` (docs/gateway-api.md 2.7). Idempotent by request_id: a replay of the same request answers the same
 * payout and creates none; the same request_id with other content is a repeated submission (E0008). The fee and the
 * amounts each side sees are computed in integer minor units (`payoutFee.ts`).
 */
export function payoutRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', async (c) => {
    const fields = await readFields(c, ['json']);
    checkContentType(c, deps, 'payout');
    const account = checkEnvelope(fields, deps.findAccount);
    c.set('accountId', account.account_id);
    checkSignature('payout', fields, account, deps.profile);
    checkFields(fields, PAYOUT_RULES);
    checkParty(fields.beneficiary as Fields, 'beneficiary', BENEFICIARY_RULES);
    if (fields.payer) checkParty(fields.payer as Fields, 'payer', PARTY_RULES);
    const { encryption_data: _signature, ...request } = fields;
    const canonical = canonicalJson(request);
    const requestId = String(fields.request_id);
    c.set('orderNos', [requestId]);
    const now = deps.now();
    const response = await deps.db.transaction().execute(async (trx) => {
      const existing = await findPayout(trx, account.account_id, requestId);
      if (existing) {
        if (existing.request_json !== canonical)
          throw new GatewayError('E0008', 'request_id', 'request_id was already used for a different payout');
        return existing.response_json;
      }
      const body = payoutResponse(account, request, now);
      await insertPayout(trx, {
        account_id: account.account_id,
        request_id: requestId,
        request_json: canonical,
        response_json: JSON.stringify(body),
        transaction_id: String(body.transaction_id),
        created_at: now,
      });
      if (typeof fields.notify_url === 'string' && fields.notify_url !== '') {
        await enqueueNotification(
          trx,
          account,
          {
            type: NOTIFY_TYPE.payout,
            url: fields.notify_url,
            transaction_id: String(body.transaction_id),
            order_no: requestId,
            currency: String(fields.payment_currency),
            amount: String(fields.payment_amount),
            payment_status: String(body.status),
            message:
              body.status === 'COMPLETED'
                ? '0000:Payout completed'
                : `${String(body.failure_type)}:${String(body.failure_reason)}`,
            values: { requestId },
            additions: { status: String(body.status) },
          },
          now,
          deps.profile,
        );
      }
      return JSON.stringify(body);
    });
    deps.onEnqueued();
    // the answer echoes this request's encryption_data (docs/gateway-evidence.md 2), also when it replays a stored
    // payout
    const answer = { ...(JSON.parse(response) as Fields), encryption_data: fields.encryption_data };
    return c.json(answer);
  });
}

function checkParty(party: Fields, name: string, rules: readonly FieldRule[]): void {
  checkFields(party, rules, `${name}.`);
  if (party.address) checkFields(party.address as Fields, ADDRESS_RULES, `${name}.address.`);
  if (party.bank_details) checkFields(party.bank_details as Fields, BANK_RULES, `${name}.bank_details.`);
}

function payoutResponse(account: Account, request: Fields, now: number): Record<string, unknown> {
  const currency = String(request.payment_currency);
  const amounts = payoutAmounts(
    toMinor(String(request.payment_amount), currency),
    String(request.fee_paid_by ?? 'PAYER'),
  );
  const failed = amounts.beneficiaryReceives <= 0;
  const transactionId = newPayoutId();
  const status = failed ? 'FAILED' : 'COMPLETED';
  const { notify_url: _notify, ...echo } = request;
  const beneficiary = { ...(request.beneficiary as Fields) };
  if (beneficiary.bank_details) {
    const { bank_code: _code, ...bank } = beneficiary.bank_details as Fields;
    beneficiary.bank_details = {
      ...bank,
      local_clearing_system: request.payment_method === 'SWIFT' || !request.payment_method ? 'SWIFT' : 'LOCAL',
    };
  }
  // the spec types these as JSON numbers; each comes from an exact decimal string of at most 15 characters,
  // which a double represents exactly enough to print back the same digits
  const money = (minor: number) => Number(toDecimal(Math.max(0, minor), currency));
  const at = new Date(now).toISOString();
  return {
    ...echo,
    beneficiary,
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    transaction_id: transactionId,
    status,
    return_status: '1',
    return_message: RETURN_MESSAGE_OK,
    amount_beneficiary_receives: money(amounts.beneficiaryReceives),
    amount_payer_pays: money(amounts.payerPays),
    fee_amount: money(amounts.fee),
    fee_currency: currency,
    created_at: at,
    last_updated_at: at,
    failure_reason: failed ? 'The fee is larger than the payment amount' : '',
    failure_type: failed ? 'INSUFFICIENT_AMOUNT' : '',
    payer_id: `PY${account.account_id}`,
    short_reference_id: `SR${transactionId.slice(1, 9)}`,
  };
}

/** JSON with object keys sorted, so a replay with the same content but another key order is the same request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
