import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passesLuhn } from '../shared/card/luhn';
import { maskCardNumbers, maskCardNumbersInJson } from './maskCardNumbers';

/**
 * Test cards of the sandbox (docs/architecture.md 7) and other brands' lengths: 13 (old Visa), 14 (Diners), 15 (Amex),
 * 19.
 */
const PANS = [
  '4242424242424242',
  '4000000000000002',
  '4000000000000077',
  '4222222222222',
  '36227206271667',
  '378282246310005',
  '6011000990139424',
  '4111111111111111003',
];

describe('passesLuhn', () => {
  it('accepts real test numbers and refuses a changed digit', () => {
    for (const pan of PANS) expect(passesLuhn(pan), pan).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});

describe('maskCardNumbers', () => {
  it('keeps only the last four digits of a card number, however it is written', () => {
    expect(maskCardNumbers('card 4242424242424242 used')).toBe('card ************4242 used');
    expect(maskCardNumbers('4242 4242 4242 4242')).toBe('**** **** **** 4242');
    expect(maskCardNumbers('4242-4242-4242-4242')).toBe('****-****-****-4242');
    expect(maskCardNumbers('amex 3782 822463 10005.')).toBe('amex **** ****** *0005.');
  });

  it('finds a card number glued to other numbers by a separator (expiry, CVC)', () => {
    expect(maskCardNumbers('4242 4242 4242 4242 123')).toBe('**** **** **** 4242 123');
    expect(maskCardNumbers('12 4242424242424242 99')).toBe('12 ************4242 99');
  });

  it('leaves numbers that are not card numbers alone', () => {
    for (const text of [
      '4242424242424241', // fails Luhn
      '424242424242', // 12 digits
      '42424242424242424242', // 20 digits in one piece
      '2026-11-22T02:27:37.251Z amount 33.00 USD, 2 items',
      'phone +55 11 91234 5678',
    ]) {
      expect(maskCardNumbers(text)).toBe(text);
    }
  });

  it('keeps a UUID whole, even when its decimal groups pass Luhn, and still masks a card number beside it', () => {
    // 1 random UUID in about 350 has such groups: an idempotency key in the audit log came out as bfa818f7-a***-****-****-5203...
    const key = 'bfa818f7-a075-4874-9067-5203cafc5091';
    expect(maskCardNumbers(`payout ${key}: no answer`)).toBe(`payout ${key}: no answer`);
    expect(maskCardNumbers(`${key} 4242-4242-4242-4242`)).toBe(`${key} ****-****-****-4242`);
    expect(maskCardNumbers('42424242-42424242')).toBe('********-****4242');
    expect(maskCardNumbersInJson(JSON.stringify({ request_id: key }))).toBe(JSON.stringify({ request_id: key }));
  });

  it('masks a card number inside an identifier too: a PAN never survives by being glued to letters', () => {
    expect(maskCardNumbers('ord_4242424242424242x')).toBe('ord_************4242x');
  });

  it('never lets any generated card number through, in any grouping', () => {
    const pan = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }).map((digits) => {
      const body = digits.join('');
      // the Luhn check digit that makes body + d valid
      const d = [...Array(10).keys()].find((k) => passesLuhn(body + k))!;
      return body + d;
    });
    fc.assert(
      fc.property(pan, fc.constantFrom(' ', '-', ''), fc.integer({ min: 1, max: 6 }), (number, sep, size) => {
        const grouped = number.match(new RegExp(`.{1,${size}}`, 'g'))!.join(sep);
        const out = maskCardNumbers(`x ${grouped} y`);
        expect(out.replace(/[ -]/g, '')).not.toContain(number.slice(0, -4));
        expect(out.replace(/[ -]/g, '')).toContain(number.slice(-4));
      }),
    );
  });
});

describe('maskCardNumbersInJson', () => {
  it('masks strings, keys and bare numbers, and the line stays valid JSON', () => {
    const line = JSON.stringify({
      msg: 'paid with 4242 4242 4242 4242',
      pan: 4242424242424242,
      neg: -4000000000000002,
      nested: { '4000000000000077': 'k' },
      n: 12,
    });
    const out = maskCardNumbersInJson(line);
    const parsed = JSON.parse(out);
    expect(parsed).toEqual({
      msg: 'paid with **** **** **** 4242',
      pan: '************4242',
      neg: '************0002',
      nested: { '************0077': 'k' },
      n: 12,
    });
  });

  it('keeps escape sequences intact next to digits', () => {
    const line = JSON.stringify({ msg: '\u00074242424242424242 and \\ 4242424242424242' });
    const parsed = JSON.parse(maskCardNumbersInJson(line));
    expect(parsed.msg).toBe('\u0007************4242 and \\ ************4242');
  });

  it('returns a line without candidates unchanged', () => {
    const line = '{"level":30,"time":"2026-11-22T02:27:37.251Z","msg":"request","ms":12}';
    expect(maskCardNumbersInJson(line)).toBe(line);
  });
});
