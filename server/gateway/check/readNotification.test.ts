import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, parseProfile } from '../../../shared/gateway/profile';
import { readNotification } from './readNotification';

const account = { merchantId: '701001', accountId: '701001010', signKeys: ['sk_sandbox_701001010'] };
/** signed by hand: the values concatenated, then the key */
const sha = (text: string) => createHash('sha256').update(`${text}sk_sandbox_701001010`).digest('hex');

describe('readNotification', () => {
  it('a dialect with other names: guesses them, and suggests lines the profile loader takes', () => {
    const form = {
      merchant_id: '701001',
      account_id: '701001010',
      trade_no: 'T-77',
      order_no: 'ORD-1-1',
      amount: '5.00',
      currency: 'EUR',
      trade_status: '3000',
      event_type: 'CHARGEBACK',
      dispute_id: 'D-9',
      encryption_data: sha('701001701001010T-77ORD-1-1EUR5.003000'),
    };
    const reading = readNotification(DEFAULT_PROFILE, account, form);
    expect(reading.ok).toBe(false);
    const text = reading.lines.join('\n');
    expect(text).toMatch(/ {2}trade_status +"3000" +not read \(probably status: incoming\.fields\.status\)/);
    expect(text).toContain(
      '✗ type: read from none of incoming.fields.type (notify_type, webhooks_type); probably event_type',
    );
    expect(text).toContain(
      '✗ type: event_type "CHARGEBACK" is not in notificationTypes: the backend only queries its order; add it with what it is about (probably dispute)',
    );
    // signed over the default list's values under this dialect's names
    expect(text).toContain(
      'it does over (merchant_id, account_id, trade_no, order_no, currency, amount, trade_status): set signatures.notification to that list',
    );
    expect(reading.suggestion).toEqual({
      incoming: { fields: { type: ['notify_type', 'webhooks_type', 'event_type'] } },
      notificationTypes: expect.objectContaining({ CHARGEBACK: 'dispute', PAYMENT: 'payment' }),
      signatures: {
        notification: ['merchant_id', 'account_id', 'trade_no', 'order_no', 'currency', 'amount', 'trade_status'],
      },
    });
    // the suggested lines load, and with them the profile reads and verifies it
    const merged = parseProfile(JSON.stringify(reading.suggestion));
    const again = readNotification(merged, account, form);
    expect(again.lines).toContain('✓ type: event_type "CHARGEBACK" is a dispute notification (notificationTypes)');
    expect(again.ok).toBe(true);
  });

  it('names the status code to add, the account, and the key when no field list verifies', () => {
    const reading = readNotification(DEFAULT_PROFILE, account, {
      notify_id: 'N1',
      notify_type: 'PAYMENT',
      merchant_id: '999999',
      account_id: '999999001',
      transaction_id: 'T-1',
      order_no: 'ORD-2-1',
      amount: '5.00',
      currency: 'EUR',
      payment_status: '-1',
      encryption_data: sha('wrong'),
    });
    const failures = reading.lines.filter((l) => l.startsWith('✗'));
    expect(failures).toEqual([
      expect.stringContaining('✗ status: payment_status "-1" is not in statuses: add it with its meaning'),
      expect.stringContaining('check MERCHANT_ID and ACCOUNT_ID'),
      expect.stringContaining('nor over the other lists tried: check SIGN_KEY (and SIGN_KEYS_PREVIOUS)'),
    ]);
    expect(reading.suggestion).toEqual({});
  });

  it('without a signature field, says the backend refuses it', () => {
    const reading = readNotification(DEFAULT_PROFILE, account, {
      notify_type: 'PAYMENT',
      merchant_id: '701001',
      account_id: '701001010',
      transaction_id: 'T-1',
      order_no: 'ORD-3-1',
      amount: '5.00',
      currency: 'EUR',
      payment_status: '3000',
      sign: 'abc',
    });
    expect(reading.ok).toBe(false);
    expect(reading.lines).toContainEqual(expect.stringMatching(/^✗ signature: no encryption_data field/));
  });
});
