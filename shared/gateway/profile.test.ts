import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sign } from './hashNode';
import {
  DEFAULT_PROFILE,
  kindOfNotification,
  parseProfile,
  ProfileError,
  readIncoming,
  readRefusal,
  toKnownStatus,
  toWireStatus,
} from './profile';

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
    expect(DEFAULT_PROFILE.notificationTypes).toHaveProperty(['REFUND RECIEVED'], 'refund');
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

  // the published Chargeback sample's fields (docs/gateway-evidence.md 8), values made up
  const chargeback = {
    merchant_id: '701001',
    account_id: '701001010',
    transaction_id: '1100000123',
    order_no: 'A-1001-1',
    amount: '25.00',
    currency: 'USD',
    order_status: '3000',
    error_code: 'C0001',
    result_info: 'Chargeback received',
    chargeback_reason: 'fraud',
    webhooks_type: 'Chargeback',
    encryption_data: 'x',
  };

  it("reads the sample schema's notification and this project's under the default names", () => {
    expect(readIncoming(DEFAULT_PROFILE, chargeback, 'status')).toBe('3000');
    expect(readIncoming(DEFAULT_PROFILE, chargeback, 'type')).toBe('Chargeback');
    expect(readIncoming(DEFAULT_PROFILE, chargeback, 'code')).toBe('C0001');
    expect(readIncoming(DEFAULT_PROFILE, chargeback, 'text')).toBe('Chargeback received');
    expect(readIncoming(DEFAULT_PROFILE, chargeback, 'reason')).toBe('fraud');
    expect(readIncoming(DEFAULT_PROFILE, chargeback, 'id')).toBeUndefined();
    expect(kindOfNotification(DEFAULT_PROFILE, 'Chargeback')).toBe('dispute');
    const ours = { notify_id: 'n1', notify_type: 'REFUND RESULT', payment_status: '3100', message: '0000:ok' };
    expect(readIncoming(DEFAULT_PROFILE, ours, 'id')).toBe('n1');
    expect(readIncoming(DEFAULT_PROFILE, ours, 'status')).toBe('3100');
    expect(kindOfNotification(DEFAULT_PROFILE, 'REFUND RESULT')).toBe('refund');
    expect(kindOfNotification(DEFAULT_PROFILE, 'OrderStatusChanged')).toBe('payment');
    expect(kindOfNotification(DEFAULT_PROFILE, 'constructor')).toBe('payment');
    expect(readIncoming(DEFAULT_PROFILE, { __proto__: { order_no: 'x' } } as never, 'orderNo')).toBeUndefined();
  });

  it("speaks the older engine's dialect from a file: -1 pending, signatures over its own names, POST returns", () => {
    const profile = parseProfile(
      JSON.stringify({
        statuses: { '1': 'paid', '0': 'declined', '-1': 'pending' },
        signatures: { notification: ['merNo', 'gatewayNo', 'tradeNo', 'orderNo', 'orderStatus'] },
        incoming: { fields: { status: ['orderStatus'], orderNo: ['orderNo'], transactionId: ['tradeNo'] } },
        notificationTypes: { PaymentResult: 'payment', Refund: 'refund', Void: 'cancel' },
        returns: { methods: ['POST'] },
      }),
    );
    expect(toKnownStatus(profile, '-1')).toBe('1000');
    expect(readIncoming(profile, { orderStatus: '-1', payment_status: '3000' }, 'status')).toBe('-1');
    expect(kindOfNotification(profile, 'Void')).toBe('cancel');
    expect(profile.returns.methods).toEqual(['POST']);
    expect(profile.incoming.fields.type).toEqual(['notify_type', 'webhooks_type']);
  });

  it('a list of notification types keeps their known kinds; a new type is about a payment', () => {
    const profile = parseProfile('{"notificationTypes":["PAYMENT","Chargeback","Settled"]}');
    expect(profile.notificationTypes).toEqual({ PAYMENT: 'payment', Chargeback: 'dispute', Settled: 'payment' });
  });

  it("never trusts a refund or dispute notification that a shopper's signed return could pass for", () => {
    expect(refusal('{"incoming":{"trusted":["payment","refund"]}}')).toMatch(
      /^incoming\.trusted: refund can be trusted only when signatures\.notification differs/,
    );
    expect(
      refusal(
        JSON.stringify({
          signatures: { notification: ['merchant_id', 'order_no', 'dispute_id'] },
          incoming: { trusted: ['dispute'] },
        }),
      ),
    ).toMatch(/unsigned: disputeAmount, disputeResult/);
    const signed = parseProfile(
      JSON.stringify({
        signatures: { notification: ['merchant_id', 'refund_reference_id', 'refund_amount', 'payment_status'] },
        incoming: { trusted: ['refund'] },
      }),
    );
    expect(signed.incoming.trusted).toEqual(['refund']);
    expect(DEFAULT_PROFILE.incoming.trusted).not.toContain('refund');
    expect(DEFAULT_PROFILE.incoming.trusted).not.toContain('dispute');
  });

  it('reads a refusal in a 200 envelope, and nothing else as one', () => {
    expect(readRefusal(DEFAULT_PROFILE, { return_status: '0', return_message: 'I0013: signature error' })).toEqual({
      code: 'I0013',
      text: 'signature error',
    });
    expect(readRefusal(DEFAULT_PROFILE, { return_status: 0, return_message: 'E0001' })).toEqual({
      code: 'E0001',
      text: '',
    });
    expect(readRefusal(DEFAULT_PROFILE, { return_status: '1', return_message: 'ok' })).toBeUndefined();
    expect(readRefusal(DEFAULT_PROFILE, { status: '0' })).toBeUndefined();
  });

  it('says a dialect lacks a value by an empty names list, which only an optional value may have', () => {
    const profile = parseProfile(
      JSON.stringify({ incoming: { fields: { id: [], time: [], message: [], disputeId: [] } } }),
    );
    expect(profile.incoming.fields.id).toEqual([]);
    expect(readIncoming(profile, { notify_id: 'n1', notify_time: '20260101000000' }, 'id')).toBeUndefined();
    expect(readIncoming(profile, { notify_id: 'n1', notify_time: '20260101000000' }, 'time')).toBeUndefined();
    expect(profile.incoming.fields.code).toEqual(DEFAULT_PROFILE.incoming.fields.code);
    for (const value of ['type', 'merchantId', 'accountId', 'orderNo', 'transactionId', 'amount', 'currency'])
      expect(refusal(`{"incoming":{"fields":{"${value}":[]}}}`)).toBe(
        `incoming.fields.${value}: this value is in every message: name at least one field`,
      );
  });

  it("the example profile of the sample schema's dialect (docs/profiles/sample-schema.json) parses and reads the sample", () => {
    const profile = parseProfile(
      readFileSync(new URL('../../docs/profiles/sample-schema.json', import.meta.url), 'utf8'),
    );
    expect(readIncoming(profile, chargeback, 'status')).toBe('3000');
    expect(readIncoming(profile, chargeback, 'type')).toBe('Chargeback');
    expect(readIncoming(profile, chargeback, 'reason')).toBe('fraud');
    expect(readIncoming(profile, { ...chargeback, notify_id: 'n1', message: '0000:ok' }, 'id')).toBeUndefined();
    expect(readIncoming(profile, { ...chargeback, message: '0000:ok' }, 'message')).toBeUndefined();
    expect(kindOfNotification(profile, 'Chargeback')).toBe('dispute');
    expect(toKnownStatus(profile, '-1')).toBe('1000');
    expect(profile.returns.methods).toEqual(['POST']);
    expect(profile.refusals.httpStatus).toBe(200);
  });

  it('says whether a refusal comes as an HTTP error or as a 200 envelope', () => {
    expect(DEFAULT_PROFILE.refusals.httpStatus).toBe('error');
    const profile = parseProfile('{"refusals":{"httpStatus":200}}');
    expect(profile.refusals).toEqual({ ...DEFAULT_PROFILE.refusals, httpStatus: 200 });
    expect(refusal('{"refusals":{"httpStatus":400}}')).toBe('refusals.httpStatus: must be "error" or 200');
    expect(refusal('{"refusals":{"httpStatus":"200"}}')).toBe('refusals.httpStatus: must be "error" or 200');
  });

  it('refuses new keys given wrong, naming them', () => {
    expect(refusal('{"statuses":{"--1":"pending"}}')).toMatch(/^statuses\.--1: /);
    expect(refusal('{"incoming":{"fields":{"status":[]}}}')).toMatch(/^incoming\.fields\.status: /);
    expect(refusal('{"incoming":{"fields":{"colour":["x"]}}}')).toBe('incoming.fields.colour: unknown key');
    expect(refusal('{"returns":{"methods":["PUT"]}}')).toMatch(/^returns\.methods\.0: /);
    expect(refusal('{"notificationTypes":{"X":"shipment"}}')).toMatch(/^notificationTypes/);
    expect(refusal('{"signatures":{"notification":["1abc"]}}')).toMatch(/^signatures\.notification\.0: /);
  });
});
