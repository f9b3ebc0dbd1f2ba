import { passesLuhn } from '../../shared/card/luhn';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS, cardOutcome, isExpiryValid, normaliseCardNumber } from './testCards';

describe('test cards', () => {
  it('every documented test card is Luhn-valid, so the page accepts it', () => {
    for (const c of TEST_CARDS) expect(passesLuhn(c.number), c.number).toBe(true);
  });
  it('picks the outcome by number; any other valid number is approved', () => {
    expect(cardOutcome('4000000000000002')).toEqual({ kind: 'decline', message: '4000:Do not honor' });
    expect(cardOutcome('4000000000000259').kind).toBe('review');
    expect(cardOutcome('5555555555554444').kind).toBe('approve');
  });
  it('Luhn refuses a changed digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
  });
  it('takes spaces and dashes as typed, nothing else', () => {
    expect(normaliseCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normaliseCardNumber('4242x424242424242')).toBeUndefined();
    expect(normaliseCardNumber('42424242424')).toBeUndefined();
  });
  it('expiry: this month is still valid, last month is not', () => {
    const now = Date.UTC(2030, 5, 15);
    expect(isExpiryValid('06/30', now)).toBe(true);
    expect(isExpiryValid('05/30', now)).toBe(false);
    expect(isExpiryValid('13/31', now)).toBe(false);
    expect(isExpiryValid('07/2030', now)).toBe(true);
    expect(isExpiryValid('0730', now)).toBe(false);
  });
});
