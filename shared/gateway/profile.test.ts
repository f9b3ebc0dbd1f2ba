import { describe, expect, it } from 'vitest';
import { sign } from './hashNode';
import { DEFAULT_PROFILE, parseProfile, ProfileError, toKnownStatus, toWireStatus } from './profile';

const KEY = 'sk_sandbox_701001010';
const order = {
  merchant_id: '701001',
  account_id: '701001010',
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '10.36',
  return_url: 'https://shop.example/r',
  shopper_email: 'ana@example.com',
};

function refusal(text: string): string {
  try {
    parseProfile(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ProfileError);
    return (e as Error).message;
  }
  throw new Error('expected parseProfile to refuse');
}

describe('the gateway profile', () => {
  it("defaults to the decisions of docs/protocol-decisions.md: refunded is 4100, every call under the docs' form content type", () => {
    expect(DEFAULT_PROFILE.statuses['4100']).toBe('refunded');
    expect(DEFAULT_PROFILE.statuses).not.toHaveProperty('3200');
    expect(new Set(Object.values(DEFAULT_PROFILE.contentTypes))).toEqual(
      new Set(['application/x-www-form-urlencoded']),
    );
    expect(DEFAULT_PROFILE.notificationTypes).toContain('REFUND RECIEVED');
  });

  it('an override changes one signed field list, and signing follows it; the rest stays', () => {
    const profile = parseProfile(
      JSON.stringify({
        signatures: { checkout: ['merchant_id', 'account_id', 'order_no', 'currency', 'amount', 'shopper_email'] },
      }),
    );
    expect(profile.signatures.checkout).toEqual([
      'merchant_id',
      'account_id',
      'order_no',
      'currency',
      'amount',
      'shopper_email',
    ]);
    expect(profile.signatures.refund).toEqual(DEFAULT_PROFILE.signatures.refund);
    // printf '%s' '701001701001010ORD-1USD10.36ana@example.comsk_sandbox_701001010' | sha256sum
    expect(sign('checkout', order, KEY, profile)).toBe(
      'c1ce360c9bd362da58db8e52868d9bd784f2e89ae3a48773676037fa8bf4aed9',
    );
    expect(sign('checkout', order, KEY, profile)).not.toBe(sign('checkout', order, KEY));
  });

  it('adds status codes to the table; a code outside it is unknown', () => {
    const profile = parseProfile('{"statuses":{"3200":"refunded"},"contentTypes":{"refund":"application/json"}}');
    expect(toKnownStatus(profile, '3200')).toBe('4100');
    expect(toKnownStatus(profile, '4100')).toBe('4100');
    expect(toKnownStatus(profile, '7300')).toBeUndefined();
    expect(toKnownStatus(DEFAULT_PROFILE, '3200')).toBeUndefined();
    expect(toKnownStatus(DEFAULT_PROFILE, 'constructor')).toBeUndefined();
    expect(profile.contentTypes.refund).toBe('application/json');
    expect(profile.contentTypes.capture).toBe('application/x-www-form-urlencoded');
  });

  it('writes the code an override gave a status, else the default code', () => {
    const profile = parseProfile('{"statuses":{"R":"refunded"}}');
    expect(toWireStatus(profile, '4100')).toBe('R');
    expect(toWireStatus(profile, '3000')).toBe('3000');
    expect(toWireStatus(DEFAULT_PROFILE, '4100')).toBe('4100');
  });

  it('refuses a wrong file with one line per problem, naming the key', () => {
    expect(refusal('{"signatures":{"refund":["merchant_id","account_id","foo"]}}')).toBe(
      'signatures.refund.2: unknown field "foo"',
    );
    expect(refusal('{"signatures":{"refunds":[]},"colour":1}')).toBe(
      'signatures.refunds: unknown key\ncolour: unknown key',
    );
    expect(refusal('{"contentTypes":{"query":"text/plain"}}')).toMatch(/^contentTypes\.query: /);
    expect(refusal('{"statuses":{"7300":"lost"}}')).toMatch(/^statuses\.7300: must be one of pending, /);
    expect(refusal('{"notificationTypes":[]}')).toMatch(/^notificationTypes: /);
    expect(refusal('[1')).toMatch(/^\(file\): not JSON/);
  });
});
