import { Hono, type Context } from 'hono';
import { sign } from '../../shared/gateway/hashNode';
import { toDecimal } from '../../shared/gateway/money';
import type { SandboxDeps, SandboxEnv } from '../app';
import { checkContentType } from '../http/checkContentType';
import { checkEnvelope, checkSignature } from '../http/checkEnvelope';
import { checkFields } from '../http/checkFields';
import { CHECKOUT_RULES, PAYMENT_JSON_FIELDS } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { readFields, type Fields } from '../http/readFields';
import { refuseCardData } from '../http/refuseCardData';
import { renderCardPage } from '../pages/renderCardPage';
import { renderChallengePage } from '../pages/renderChallengePage';
import { renderLoadingPage } from '../pages/renderLoadingPage';
import { amountText } from '../payments/amountText';
import { createPayment } from '../payments/createPayment';
import { sendShopperBack } from '../payments/sendShopperBack';
import { storedCardOf } from '../payments/storedCardOf';
import { findCardToken } from '../store/cardTokens';
import { latestForOrder, type TransactionRow } from '../store/transactions';
import { checkoutAliases, routingInputs } from './checkoutInputs';
import { challengeOpen } from './hostedCard';

/**
 * `POST /v1/checkout`, both steps (docs/protocol-decisions.md 2). Step 1 (the merchant's server) creates the pending
 * transaction and answers the loading page of docs/gateway-api.md 2.4; step 2 is that page's own auto-post, recognised
 * by `merNo` + `signInfo`, and answers the hosted card page.
 */
export function checkoutRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', async (c) => {
    // step 1 is the merchant's server call, whose refusals the profile may answer with a 200; step 2 is the
    // loading page's post in the shopper's browser, which gets the error page either way
    if (deps.profile.refusals.httpStatus === 200) c.set('refusal', 'json');
    const fields = await readFields(c, ['form', 'json'], PAYMENT_JSON_FIELDS);
    refuseCardData(fields);
    if (fields.merNo !== undefined && fields.signInfo !== undefined) {
      c.set('refusal', undefined);
      return step2(c, deps, fields);
    }
    checkContentType(c, deps, 'checkout');
    return step1(c, deps, fields);
  });
}

async function step1(c: Context<SandboxEnv>, deps: SandboxDeps, fields: Fields): Promise<Response> {
  const account = checkEnvelope(fields, deps.findAccount);
  c.set('accountId', account.account_id);
  if (typeof fields.order_no === 'string') c.set('orderNos', [fields.order_no]);
  checkSignature('checkout', fields, account, deps.profile);
  checkFields(fields, CHECKOUT_RULES);
  if (
    typeof fields.token_id === 'string' &&
    fields.token_id !== '' &&
    !(await findCardToken(deps.db, account.account_id, fields.token_id))
  ) {
    throw new GatewayError('I0115', 'token_id', 'no stored card with this token_id in the account');
  }
  await createPayment(deps.db, account, fields, 'checkout', deps.now());
  const aliases = checkoutAliases(fields, account, deps.clientIp(c) ?? '');
  aliases.push(['signInfo', sign('checkoutStep2', Object.fromEntries(aliases), account.sign_key, deps.profile)]);
  const routing = routingInputs(account, typeof fields.website === 'string' ? fields.website : '');
  const taken = new Set([...routing, ...aliases].map(([name]) => name));
  const request = Object.entries(fields)
    .filter(([name]) => !taken.has(name))
    .map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
  c.header('Cache-Control', 'no-store');
  return c.html(renderLoadingPage({ action: `${deps.publicUrl}/v1/checkout`, routing, request, aliases }));
}

async function step2(c: Context<SandboxEnv>, deps: SandboxDeps, fields: Fields): Promise<Response> {
  const merNo = fields.merNo;
  const gatewayNo = fields.gatewayNo;
  const account = typeof gatewayNo === 'string' ? deps.findAccount(gatewayNo) : undefined;
  if (!account || account.merchant_id !== merNo) throw new GatewayError('I0004', 'gatewayNo', undefined, 404);
  c.set('accountId', account.account_id);
  checkSignature('checkoutStep2', fields, account, deps.profile, fields.signInfo);
  const tx =
    typeof fields.orderNo === 'string' ? await latestForOrder(deps.db, account.account_id, fields.orderNo) : undefined;
  if (!tx || !matchesStep1(tx, fields))
    throw new GatewayError('I0115', 'orderNo', 'no pending checkout matches this order', 404);
  c.set('orderNos', [tx.order_no]);
  c.header('Cache-Control', 'no-store');
  // a reload while the 3-D Secure challenge waits: the challenge again, so the shopper can still answer it
  if (challengeOpen(tx))
    return c.html(
      renderChallengePage({
        action: `${deps.publicUrl}/hosted/3ds/${tx.transaction_id}`,
        token: tx.page_token,
        amountText: amountText(tx),
        last4: tx.card_last4!,
      }),
    );
  // a reload or a second tab after the card was submitted: show the outcome instead of a second card form
  if (tx.status !== '1000' || tx.card_last4 !== null) return sendShopperBack(c, account, tx, deps.profile);
  const request = JSON.parse(tx.request_json) as Fields;
  const saved = await storedCardOf(deps.db, tx);
  return c.html(
    renderCardPage({
      action: `${deps.publicUrl}/hosted/card/${tx.transaction_id}`,
      token: tx.page_token,
      website: String(request.website ?? ''),
      orderNo: tx.order_no,
      amountText: amountText(tx),
      ...(saved ? { savedCard: { brand: saved.card_brand, last4: saved.card_last4 } } : {}),
    }),
  );
}

function matchesStep1(tx: TransactionRow, f: Fields): boolean {
  return (
    tx.channel === 'checkout' &&
    f.orderCurrency === tx.currency &&
    f.orderAmount === toDecimal(tx.amount_minor, tx.currency) &&
    f.returnUrl === tx.return_url
  );
}
