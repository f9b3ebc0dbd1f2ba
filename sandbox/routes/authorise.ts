import { Hono } from 'hono';
import { toDecimal } from '../../shared/gateway/money';
import { toWireStatus } from '../../shared/gateway/profile';
import type { SandboxDeps, SandboxEnv } from '../app';
import { checkContentType } from '../http/checkContentType';
import { checkEnvelope, checkSignature } from '../http/checkEnvelope';
import { checkFields } from '../http/checkFields';
import { AUTHORISE_RULES, PAYMENT_JSON_FIELDS } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { readFields } from '../http/readFields';
import { refuseCardData } from '../http/refuseCardData';
import { escapeHtml } from '../pages/escapeHtml';
import { createPayment } from '../payments/createPayment';

/**
 * `POST /v1/authorise`: an APM payment (docs/gateway-api.md 2.2, 2.3). Answers XML `<respon>` with `issuer_url`, the
 * page where the shopper approves or declines; errors are XML too (docs/protocol-decisions.md 2), with a 200 when the
 * profile says refusals come so (`renderRefusal`).
 */
export function authoriseRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', async (c) => {
    if (deps.profile.refusals.httpStatus === 200) c.set('refusal', 'xml');
    const fields = await readFields(c, ['json', 'form'], PAYMENT_JSON_FIELDS);
    refuseCardData(fields);
    checkContentType(c, deps, 'authorise');
    const account = checkEnvelope(fields, deps.findAccount);
    c.set('accountId', account.account_id);
    if (typeof fields.order_no === 'string') c.set('orderNos', [fields.order_no]);
    checkSignature('authorise', fields, account, deps.profile);
    checkFields(fields, AUTHORISE_RULES);
    if (!account.apm_methods.includes(String(fields.payment_method))) {
      throw new GatewayError(
        'I0092',
        'payment_method',
        `payment method ${String(fields.payment_method)} is not enabled for this account`,
      );
    }
    const tx = await createPayment(deps.db, account, fields, 'authorise', deps.now());
    const issuerUrl = `${deps.publicUrl}/issuer/${tx.transaction_id}?token=${tx.page_token}`;
    const values: [string, string][] = [
      ['merchant_id', tx.merchant_id],
      ['account_id', tx.account_id],
      ['order_no', tx.order_no],
      ['amount', toDecimal(tx.amount_minor, tx.currency)],
      ['currency', tx.currency],
      ['issuer_url', issuerUrl],
      // beyond the spec's list: lets the merchant address the order in batches before any notification arrives
      ['transaction_id', tx.transaction_id],
      ['payment_status', toWireStatus(deps.profile, tx.status)],
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<respon>${values.map(([k, v]) => `<${k}>${escapeHtml(v)}</${k}>`).join('')}</respon>`;
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
}
