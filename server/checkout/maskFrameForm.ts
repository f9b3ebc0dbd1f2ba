import type { CheckoutForm } from '../gateway';
import { maskCardNumbers } from '../maskCardNumbers';

/**
 * Inputs of the loading page (docs/gateway-api.md 2.4) that echo text a person typed: the request fields under their
 * own names and their aliases. Only these are masked. Everything else is the gateway's own (routing inputs, merNo,
 * orderNo, signInfo, tokens, ids it may add) and is posted back exactly as the gateway sent it, because step 2 finds
 * and checks the order by those values and a masked id would break the payment. Masking a card number in an address
 * line changes nothing the gateway needs: step 1 already gave it that text.
 */
const FREE_TEXT = new Set([
  ...['first_name', 'last_name', 'shopper_email', 'shopper_phone', 'note', 'custom', 'items', 'account_owner'],
  ...['billing_address', 'billing_city', 'billing_state', 'billing_postal_code'],
  ...['delivery_firstname', 'delivery_lastname', 'delivery_address', 'delivery_city', 'delivery_state'],
  ...['delivery_postal_code', 'cart_items', 'delivery_information'],
  ...['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zip', 'remark', 'goodsInfo'],
  ...['shipFirstName', 'shipLastName', 'shipAddress', 'shipCity', 'shipState', 'shipZip'],
]);

/**
 * The form as it may be stored: card-like numbers in the free-text inputs masked (maskCardNumbers), also inside
 * `allParams` (the aliases joined as `name=value` pairs), where a pair is re-encoded only if masking changed it.
 */
export function maskFrameForm(form: CheckoutForm): CheckoutForm {
  return {
    action: form.action,
    fields: form.fields.map(([name, value]): [string, string] => [
      name,
      FREE_TEXT.has(name) ? maskCardNumbers(value) : name === 'allParams' ? maskAllParams(value) : value,
    ]),
  };
}

function maskAllParams(value: string): string {
  return value
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at === -1 || !FREE_TEXT.has(pair.slice(0, at))) return pair;
      let text: string;
      try {
        text = decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
      } catch {
        // not percent-encoded as expected: mask the raw text rather than keep a number
        return `${pair.slice(0, at + 1)}${maskCardNumbers(pair.slice(at + 1))}`;
      }
      const masked = maskCardNumbers(text);
      return masked === text ? pair : `${pair.slice(0, at + 1)}${encodeURIComponent(masked)}`;
    })
    .join('&');
}
