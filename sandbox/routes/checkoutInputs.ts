import type { Account } from '../accounts';
import type { Fields } from '../http/readFields';

/** Gateway routing inputs of the loading page (docs/gateway-api.md 2.4, first group), with the sandbox's values. */
export function routingInputs(account: Account, website: string): [string, string][] {
  return [
    ['gbc_id', `SBX${account.account_id}`],
    ['connector_code', 'SANDBOX'],
    ['account_name', `sandbox-${account.account_id}`],
    ['website', website],
    ['pm_id', 'CARD'],
    ['apm_type', ''],
    ['descriptor', 'SANDBOX'],
    ['orderprefix', ''],
    ['rrtimezone', '0'],
    ['ordernumlength', '50'],
    ['sendbgoods', '0'],
    ['replacename', '0'],
    ['send_bank_website', '0'],
    ['replace_up_id', ''],
    ['replace_match_address', '0'],
    ['to_pass_page', '1'],
  ];
}

/**
 * Alias inputs (spec 2.4, second group): [alias, request field it copies], in the spec's order. `signInfo` is
 * appended by the caller (it signs the aliases); a few aliases have no request field and carry a fixed value.
 */
const ALIAS_OF: readonly [string, string][] = [
  ['merNo', 'merchant_id'],
  ['orderNo', 'order_no'],
  ['orderCurrency', 'currency'],
  ['orderAmount', 'amount'],
  ['notifyUrl', 'notify_url'],
  ['returnUrl', 'return_url'],
  ['cancelUrl', 'return_url'],
  ['cancel_url', 'return_url'],
  ['source_notify_url', 'notify_url'],
  ['shipFee', 'shipping'],
  ['taxTotal', 'tax_total'],
  ['itemTotal', 'item_total'],
  ['shippingDiscount', 'shipping_discount'],
  ['goodsInfo', 'items'],
  ['remark', 'note'],
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['email', 'shopper_email'],
  ['phone', 'shopper_phone'],
  ['address', 'billing_address'],
  ['city', 'billing_city'],
  ['state', 'billing_state'],
  ['zip', 'billing_postal_code'],
  ['shipFirstName', 'delivery_firstname'],
  ['shipLastName', 'delivery_lastname'],
  ['shipCountry', 'delivery_country'],
  ['shipState', 'delivery_state'],
  ['shipCity', 'delivery_city'],
  ['shipZip', 'delivery_postal_code'],
  ['shipAddress', 'delivery_address'],
  ['shopperId', 'shopper_id'],
  ['shopperLevel', 'shopper_level'],
  ['isOpen3D', 'open3d'],
  ['token', 'token_id'],
  ['paymentToken', 'token_id'],
  ['defaultLang', 'browser_lang'],
  ['default_lang', 'browser_lang'],
  ['gatewayNo', 'account_id'],
  ['cardType', 'card_type'],
  ['card_type', 'card_type'],
  ['country', 'billing_country'],
];

/**
 * Aliases the gateway derives itself and never takes from the merchant under the alias name: the signed ones
 * (signInfo covers them, and step 2 finds the order by them) and what the gateway observed.
 */
const GATEWAY_OWN = new Set([
  'merNo',
  'gatewayNo',
  'orderNo',
  'orderCurrency',
  'orderAmount',
  'returnUrl',
  'source_request_ip',
]);

/** camelCase aliases that say the same as a snake_case one a merchant sends itself */
const TWIN_OF: Readonly<Record<string, string>> = {
  cancelUrl: 'cancel_url',
  defaultLang: 'default_lang',
  verifyBillingAddress: 'verify_billing_address',
  cardType: 'card_type',
};

/**
 * The alias inputs. A merchant may send a value under an alias's own name (a real redirect form sends
 * `cancel_url`, `default_lang`, `verify_billing_address`, `card_type`: docs/gateway-evidence.md 7): that value is kept,
 * also for the alias's camelCase twin, and an alias is filled from its request field or default only where the
 * merchant sent nothing.
 */
export function checkoutAliases(fields: Fields, account: Account, requestIp: string): [string, string][] {
  const value = (field: string) => {
    const v = fields[field];
    return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
  };
  const derived: [string, string][] = [
    ...ALIAS_OF.map(([alias, field]): [string, string] => [
      alias,
      field === 'account_id' ? account.account_id : value(field),
    ]),
    ['verifyBillingAddress', '0'],
    ['verify_billing_address', '0'],
    ['logo_name', ''],
    ['merSendLogoNo', ''],
    ['source_request_ip', requestIp],
    ['APMType', ''],
  ];
  const sent = (alias: string) => value(alias) || (TWIN_OF[alias] ? value(TWIN_OF[alias]) : '');
  return derived.map(([alias, fallback]) => [alias, (!GATEWAY_OWN.has(alias) && sent(alias)) || fallback]);
}
