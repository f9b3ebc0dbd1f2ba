import type { Account } from '../accounts';
import type { Fields } from '../http/readFields';

/** Gateway routing inputs of the loading page (spec 2.4, first group), with the sandbox's values. */
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

export function checkoutAliases(fields: Fields, account: Account, requestIp: string): [string, string][] {
  const value = (field: string) => {
    const v = fields[field];
    return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
  };
  return [
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
}
