import { describe, expect, it } from 'vitest';
import { maskFields } from './maskForLog';

describe('maskFields', () => {
  it('masks signatures and secrets whole and identifiers to their last four, by name in any case, at any depth', () => {
    const order = {
      order_no: '1732000000000',
      signInfo: 'abcdef0123456789',
      CVV: '123',
      token: '',
      card_number: '4111111111111111',
      shopper: { Document: '12345678909', name: 'Ana' },
      items: [{ iban: 'DE89370400440532013000', sku: 'A-1' }, 'plain'],
      amount: 12.5,
      nothing: null,
    };
    const masked = maskFields(order);
    expect(masked).toEqual({
      order_no: '1732000000000',
      signInfo: '***',
      CVV: '***',
      token: '',
      card_number: '***1111',
      shopper: { Document: '***8909', name: 'Ana' },
      items: [{ iban: '***3000', sku: 'A-1' }, 'plain'],
      amount: 12.5,
      nothing: null,
    });
    // a copy: the order sent is left as it was
    expect(order.signInfo).toBe('abcdef0123456789');
    // the same names again (remembered) mask the same way
    expect(maskFields({ SIGNINFO: 'x', Card_Number: '12' })).toEqual({ SIGNINFO: '***', Card_Number: '***' });
  });

  it('keeps an own `__proto__` key of a parsed answer as a key, never as the copy’s prototype', () => {
    const answer = JSON.parse('{"__proto__": {"password": "secret"}, "a": 1}') as object;
    const masked = maskFields(answer) as Record<string, unknown>;
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    expect(JSON.stringify(masked)).toBe('{"__proto__":{"password":"***"},"a":1}');
  });
});
