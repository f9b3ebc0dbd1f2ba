import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authoriseRequest } from './paymentOrder';
import { toGatewayError } from './toGatewayError';

const order = {
  merchant_id: '701001',
  account_id: '701001010',
  encryption_data: 'e'.repeat(64),
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '10.36',
  return_url: 'https://shop.example/r',
  payment_method: 'PIX',
};

function codeOf(input: Record<string, unknown>) {
  const r = authoriseRequest.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return toGatewayError(r.error as z.ZodError, input);
}

describe('toGatewayError', () => {
  it.each([
    ['merchant_id', 'I0001'],
    ['account_id', 'I0002'],
    ['encryption_data', 'I0003'],
    ['order_no', 'I0017'],
    ['amount', 'I0019'],
    ['currency', 'I0022'],
    ['return_url', 'I0024'],
    ['payment_method', 'I0069'],
  ])('%s empty or missing -> %s', (field, code) => {
    expect(codeOf({ ...order, [field]: '' })).toMatchObject({ code, source: field });
    const { [field]: _, ...rest } = order as Record<string, unknown>;
    expect(codeOf(rest)).toMatchObject({ code, source: field });
  });

  it('maps too long, invalid and not positive to their own codes', () => {
    expect(codeOf({ ...order, order_no: 'x'.repeat(51) })).toMatchObject({ code: 'I0018', source: 'order_no' });
    expect(codeOf({ ...order, return_url: `https://a.example/${'r'.repeat(1000)}` }).code).toBe('I0025');
    expect(codeOf({ ...order, amount: '10.3' })).toMatchObject({ code: 'I0020', source: 'amount' });
    expect(codeOf({ ...order, amount: '0.00' })).toMatchObject({ code: 'I0021', source: 'amount' });
    expect(codeOf({ ...order, currency: 'XXY' })).toMatchObject({ code: 'I0023', source: 'currency' });
    expect(codeOf({ ...order, note: 'n'.repeat(1001) })).toMatchObject({ code: 'I0060', source: 'note' });
  });

  it('names a nested field by its dotted path and says what is wrong', () => {
    const e = codeOf({ ...order, person: { birth_date: '1990-12-25' } });
    expect(e).toEqual({
      code: 'I0059',
      source: 'person.birth_date',
      message: 'person.birth_date must be a date as DD-MM-YYYY',
    });
    expect(codeOf({ ...order, person: { phone_country_code: '+55' } })).toMatchObject({
      code: 'I0060',
      source: 'person.phone_country_code',
    });
  });
});
