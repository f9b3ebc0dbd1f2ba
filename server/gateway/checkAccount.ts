import { randomUUID } from 'node:crypto';
import { toDecimal } from '../../shared/gateway/money';
import { testApmOrder, testCheckoutOrder, type TestOrderSources } from './check/testOrders';
import { GatewayError } from './errors/GatewayError';
import { GatewayProtocolError } from './errors/GatewayProtocolError';
import { GatewayRejectedError } from './errors/GatewayRejectedError';
import { GatewayRequestError } from './errors/GatewayRequestError';
import { GatewayTimeoutError } from './errors/GatewayTimeoutError';
import { GatewayUnavailableError } from './errors/GatewayUnavailableError';
import type { BatchResult } from './types/batch';
import type { GatewayClient } from './types/client';
import type { CheckoutForm } from './types/payment';

export interface CheckStep {
  name: string;
  /** `skipped`: not tried (`says` why, and how to try it) */
  result: 'ok' | 'failed' | 'skipped';
  /** in words: what works, or which profile key or setting is wrong and what to change */
  says: string;
}

export interface CheckOptions {
  /** where the test payment orders come from (their order numbers are the check's own) */
  orders: Omit<TestOrderSources, 'orderNo'>;
  /** a test APM the account allows (e.g. PIX): `/v1/authorise` is tried with it; unset, that step is skipped */
  apm?: string | undefined;
  /** the made-up order number of the calls (default CHECK-<8 hex>) */
  madeUp?: string;
}

export interface CheckResult {
  ok: boolean;
  steps: CheckStep[];
  /** the test checkout's loading-page form, when the gateway took it: a card typed on its page pays the order */
  checkoutForm?: CheckoutForm;
}

/** The calls whose signature and content type the profile sets (docs/protocol-decisions.md 9). */
type ProfiledCall = 'query' | 'retrievalRefund' | 'checkout' | 'authorise' | 'capture' | 'cancel' | 'review' | 'refund';
type BatchCall = 'capture' | 'cancel' | 'review' | 'refund';

/** A check that ran and found something wrong, said in words that name what to change. */
class CheckFailure extends Error {}

/**
 * Item codes that mean the gateway did not read the item's fields: a body it parsed as another format than the one
 * sent (a JSON document read as form fields) has no transaction_id, order_no, amount or currency.
 */
const NOT_READ = ['I0001', 'I0002', 'I0003', 'I0059', 'I0017', 'I0019', 'I0022'];

/**
 * Checks a real gateway account with calls that move no money (docs/protocol-decisions.md 9):
 *
 * - a query and a refund search of a made-up order: the address, the credentials, the registered IP, their
 *   signatures and content types; a "not found" that accepts our signature is a pass;
 * - a checkout of a test order (`testCheckoutOrder`): its loading page means the gateway accepted the payment
 *   signature (`signatures.checkout`); it stays pending, nothing is charged until a card is typed on its page;
 * - an APM order (`/v1/authorise`) when `apm` names a method the account allows for tests (`signatures.authorise`);
 * - a capture, cancel, review and refund of a transaction that does not exist: the item's code says whether the
 *   gateway read the JSON body under the content type the profile names (`contentTypes.<call>`): "not found" means
 *   it did, "field missing" means it did not.
 *
 * Every failed step names the profile key or the variable to change.
 */
export async function checkAccount(gateway: GatewayClient, options: CheckOptions): Promise<CheckResult> {
  const madeUp = options.madeUp ?? `CHECK-${randomUUID().slice(0, 8)}`;
  const { currency } = options.orders;
  const steps: CheckStep[] = [];
  let checkoutForm: CheckoutForm | undefined;
  /** a signed call was accepted: SIGN_KEY, MERCHANT_ID and ACCOUNT_ID are right, so a refused signature is the list */
  let keyProven = false;
  /** the gateway could not be reached at all: the other steps would each wait for the same time-out */
  let unreachable = false;
  const step = async (name: string, call: ProfiledCall, run: () => Promise<string>) => {
    if (unreachable) {
      steps.push({ name, result: 'skipped', says: 'not tried: the gateway could not be reached (above)' });
      return;
    }
    let done: CheckStep;
    try {
      done = { name, result: 'ok', says: await run() };
    } catch (e) {
      done =
        e instanceof CheckFailure
          ? { name, result: 'failed', says: e.message }
          : { name, ...explain(e, call, keyProven) };
      unreachable = !keyProven && (e instanceof GatewayTimeoutError || e instanceof GatewayUnavailableError);
    }
    if (done.result === 'ok') keyProven = true;
    steps.push(done);
  };

  await step('query', 'query', async () => {
    const records = await gateway.query({ orders: [madeUp] });
    if (records.some((r) => r.order_no === madeUp && r.query_result === '1'))
      throw new CheckFailure(`the gateway says an order ${madeUp} exists: check MERCHANT_ID and ACCOUNT_ID`);
    return "the address, the credentials, this machine's registered IP, the query signature and its content type work";
  });
  await step('refund search', 'retrievalRefund', async () => {
    await gateway.retrievalRefund({ refund_orders: [madeUp] });
    return "the refund-search signature, its content type and the answer's refund_orders list work";
  });
  const payNo = `${madeUp}-PAY`;
  await step('payment signature', 'checkout', async () => {
    checkoutForm = (await gateway.checkout(testCheckoutOrder({ ...options.orders, orderNo: payNo }))).form;
    return (
      `the gateway took the signed test order ${payNo} (${toDecimal(100, currency)} ${currency}) and answered its ` +
      'loading page: signatures.checkout matches; nothing is charged unless a card is typed on its page'
    );
  });
  if (options.apm) {
    const apmNo = `${madeUp}-APM`;
    const method = options.apm;
    await step('APM signature', 'authorise', async () => {
      await gateway.authorise(testApmOrder({ ...options.orders, orderNo: apmNo }, method));
      return `the gateway took the signed ${method} test order ${apmNo} and answered its issuer_url: signatures.authorise matches; nothing is paid unless someone pays it at the issuer`;
    });
  } else {
    steps.push({
      name: 'APM signature',
      result: 'skipped',
      says: 'not tried: name an APM the account allows for tests with --apm (e.g. --apm PIX) to check signatures.authorise; it leaves a pending order that nothing pays',
    });
  }
  for (const call of ['capture', 'cancel', 'review', 'refund'] as const) {
    await step(`${call} body`, call, () => checkBatchBody(gateway, call, madeUp, currency));
  }
  return { ok: steps.every((s) => s.result !== 'failed'), steps, ...(checkoutForm ? { checkoutForm } : {}) };
}

/** One batch call about a transaction that does not exist: whether its JSON body was read as the profile sends it. */
async function checkBatchBody(gateway: GatewayClient, call: BatchCall, madeUp: string, currency: string) {
  const amount = toDecimal(100, currency);
  const item = { transaction_id: `${madeUp}-TX`, order_no: madeUp, currency, amount };
  let result: BatchResult;
  if (call === 'review') result = await gateway.review([{ ...item, review_flag: '0' }]);
  else if (call === 'refund')
    result = await gateway.refund([
      { ...item, refund_amount: amount, refund_reason: 'gateway check', refund_reference: `${madeUp}-REF` },
    ]);
  else result = await gateway[call]([item]);
  const contentType = gateway.profile.contentTypes[call];
  const answered = result.items[0];
  if (!answered)
    throw new CheckFailure(
      `the answer lists no item: the gateway did not read the JSON body sent as ${contentType}; the profile's contentTypes.${call} is probably wrong (GATEWAY_PROFILE_FILE)`,
    );
  if (answered.ok)
    throw new CheckFailure(
      `the gateway says it did a ${call} of ${item.transaction_id}, a transaction that should not exist: check MERCHANT_ID and ACCOUNT_ID`,
    );
  const code = answered.errorCode || '(no code)';
  const said = `${code}${answered.errorText ? `: ${answered.errorText}` : ''}`;
  if (NOT_READ.includes(answered.errorCode ?? ''))
    throw new CheckFailure(
      `the gateway answered the made-up item with ${said}: it did not read the JSON body sent as ${contentType}; the profile's contentTypes.${call} is wrong (GATEWAY_PROFILE_FILE)`,
    );
  return `the JSON body sent as ${contentType} was read and its signature accepted: the made-up transaction is answered ${said}, as expected`;
}

/** A call that failed, in words that name what to change; `ok` when the failure proves what the step checks. */
function explain(e: unknown, call: ProfiledCall, keyProven: boolean): Omit<CheckStep, 'name'> {
  const failed = (says: string): Omit<CheckStep, 'name'> => ({ result: 'failed', says });
  const profileKey = (key: 'signatures' | 'contentTypes') => `the profile's ${key}.${call}`;
  if (e instanceof GatewayError && e.operation === 'issuerPage') {
    // authorise answered its XML with an issuer_url: the signature was accepted; the page itself is the issuer's
    return {
      result: 'ok',
      says: `the gateway took the signed APM test order and answered its issuer_url (signatures.authorise matches); the issuer page itself could not be read from here: ${e.message}`,
    };
  }
  if (e instanceof GatewayRejectedError) {
    const what = `${e.code || `HTTP ${e.httpStatus}`}${e.source ? `, ${e.source}` : ''}: ${e.gatewayMessage}`;
    switch (e.code) {
      case 'I0115':
        if (call === 'query' || call === 'retrievalRefund')
          return { result: 'ok', says: 'the gateway accepted the signed request and found nothing, as expected' };
        break;
      case 'I0013':
        return failed(
          keyProven
            ? `the gateway refused the signature (I0013) while it accepted an earlier one made with the same key: ${profileKey('signatures')} field list differs from the gateway's (GATEWAY_PROFILE_FILE)`
            : `the gateway refused the signature (I0013): SIGN_KEY is wrong, or ${profileKey('signatures')} field list is (GATEWAY_PROFILE_FILE)`,
        );
      case 'I0072':
        return failed(
          "this machine's IP address is not registered for queries at the gateway (I0072): register it in the merchant portal",
        );
      case 'I0004':
        return failed('the account does not belong to the merchant (I0004): check MERCHANT_ID and ACCOUNT_ID');
      case 'I0092':
        return failed(
          `the gateway does not take this payment method on the account (${what}): name one it allows with --apm`,
        );
      case 'I0001':
      case 'I0002':
      case 'I0003':
      case 'I0059':
        return failed(
          `the gateway did not read the request's fields (${what}): ${profileKey('contentTypes')} is probably wrong (GATEWAY_PROFILE_FILE)`,
        );
    }
    return failed(
      `the gateway refused the request (${what}): check ${profileKey('signatures')} and ${profileKey('contentTypes')} (GATEWAY_PROFILE_FILE)`,
    );
  }
  if (e instanceof GatewayTimeoutError || e instanceof GatewayUnavailableError) {
    return failed(
      `the gateway could not be reached or failed (${e.message}): check GATEWAY_BASE_URL, the network and its TLS certificate`,
    );
  }
  if (e instanceof GatewayRequestError) {
    return failed(`the check could not build its request (${e.message}): check PUBLIC_URL and WEBSITE`);
  }
  if (e instanceof GatewayProtocolError) {
    return failed(
      `the answer is not in the shape the profile expects (${e.message}): check GATEWAY_BASE_URL points at the gateway's API, and the profile (GATEWAY_PROFILE_FILE)`,
    );
  }
  throw e;
}
