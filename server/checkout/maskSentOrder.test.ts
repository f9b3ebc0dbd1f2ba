import { describe, expect, it } from 'vitest';
import { maskSentOrder } from './maskSentOrder';

describe('maskSentOrder', () => {
  it('masks signatures and documents by name, and card numbers in every other string, at any depth', () => {
    const sent = {
      order_no: '4242424242424242',
      encryption_data: 'c2lnbmF0dXJl',
      remark: '',
      document: '12345678901',
      billing_address: 'Rua 4242 4242 4242 4242, 10',
      amount: '25.00',
      quantity: 4242424242424242,
      cart_items: [{ basic_item_data: { name: 'card 4000056655665556', productId: 'TS-1', token: 'tok_1' } }],
      nested: { session_id: '4242424242424242', iban: 'DE89370400440532013000', cvv: 123 },
    };
    expect(maskSentOrder(sent)).toEqual({
      // a shop-assigned identifier is kept as it is, even where it passes the Luhn check
      order_no: '4242424242424242',
      encryption_data: '***',
      remark: '',
      document: '***8901',
      billing_address: 'Rua **** **** **** 4242, 10',
      amount: '25.00',
      // a number is no text a shopper typed: kept (the audit line's JSON masking is what catches bare numbers)
      quantity: 4242424242424242,
      cart_items: [{ basic_item_data: { name: 'card ************5556', productId: 'TS-1', token: '***' } }],
      nested: { session_id: '4242424242424242', iban: '***3000', cvv: '***' },
    });
  });

  it('masks strings inside arrays, and keeps an own `__proto__` key as a key, masked as any other', () => {
    const sent = JSON.parse('{"__proto__": {"card_number": "4242424242424242"}, "lines": ["4242424242424242", ["x"]]}');
    const masked = maskSentOrder(sent);
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    expect(JSON.stringify(masked)).toBe('{"__proto__":{"card_number":"***4242"},"lines":["************4242",["x"]]}');
  });

  it('leaves the order it was given as it was', () => {
    const sent = { signInfo: 'abc', note: '4242424242424242' };
    maskSentOrder(sent);
    expect(sent).toEqual({ signInfo: 'abc', note: '4242424242424242' });
  });
});
