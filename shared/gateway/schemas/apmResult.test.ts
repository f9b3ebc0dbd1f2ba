import { describe, expect, it } from 'vitest';
import { apmError, apmResult } from './apmResult';
import { errorBody, gatewayErrorBody } from './errorBody';

const result = {
  merchant_id: '701001',
  account_id: '701001010',
  order_no: 'ORD-1',
  amount: '10.36',
  currency: 'USD',
  issuer_url: 'https://issuer.example/pay/abc',
};

describe('apmResult', () => {
  it('accepts the <respon> fields of spec 2.3', () => {
    expect(apmResult.safeParse(result).error?.issues).toBeUndefined();
  });
  it('refuses a missing or non-http issuer_url and an inexact amount', () => {
    expect(apmResult.safeParse({ ...result, issuer_url: 'javascript:alert(1)' }).error?.issues[0]?.path).toEqual([
      'issuer_url',
    ]);
    expect(apmResult.safeParse({ ...result, issuer_url: undefined }).error?.issues[0]?.path).toEqual(['issuer_url']);
    expect(apmResult.safeParse({ ...result, amount: '10.3' }).error?.issues[0]?.path).toEqual(['amount']);
  });
  it('the XML error body has code, source, message', () => {
    expect(
      apmError.safeParse({ code: 'I0069', source: 'payment_method', message: 'payment_method is empty' }).success,
    ).toBe(true);
    expect(apmError.safeParse({ code: '', source: '', message: '' }).error?.issues[0]?.path).toEqual(['code']);
  });
});

describe('errorBody', () => {
  it('builds both styles of PROTOCOL.md 2 from the catalogue', () => {
    expect(gatewayErrorBody('I0013', 'encryption_data')).toEqual({
      return_status: '0',
      return_message: 'I0013:Encryption value is incorrect',
      code: 'I0013',
      source: 'encryption_data',
      message: 'Encryption value is incorrect',
    });
    expect(gatewayErrorBody('I0059', 'person.email', 'person.email must not be empty').return_message).toBe(
      'I0059:person.email must not be empty',
    );
  });
  it('accepts what it builds and refuses a success status', () => {
    expect(errorBody.safeParse(gatewayErrorBody('I0115')).success).toBe(true);
    expect(errorBody.safeParse({ ...gatewayErrorBody('I0115'), return_status: '1' }).error?.issues[0]?.path).toEqual([
      'return_status',
    ]);
  });
});
