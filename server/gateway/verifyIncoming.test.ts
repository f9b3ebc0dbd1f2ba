import { describe, expect, it } from 'vitest';
import { sign } from '../../shared/gateway/hashNode';
import { createGatewayClient } from './index';

// Notifications and return redirects signed as the gateway signs them (docs/protocol-decisions.md 3, 6, 7).
const KEY = 'sk_sandbox_701001010';
const client = createGatewayClient({
  baseUrl: 'http://127.0.0.1:9',
  merchantId: '701001',
  accountId: '701001010',
  signKey: KEY,
  verifyKeys: ['sk_old'],
});
const outcome = {
  merchant_id: '701001',
  account_id: '701001010',
  transaction_id: 'T1',
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '25.00',
  payment_status: '3000',
};

describe('verifyNotification', () => {
  const form = {
    ...outcome,
    notify_id: 'N1',
    notify_type: 'PAYMENT',
    message: '0000:Approved',
    notify_time: '20250101120000',
  };

  it('accepts a notification signed with the key or a rotation key, in any hex case', () => {
    expect(client.verifyNotification({ ...form, encryption_data: sign('notification', outcome, KEY) })).toBe(true);
    expect(
      client.verifyNotification({ ...form, encryption_data: sign('notification', outcome, KEY).toUpperCase() }),
    ).toBe(true);
    expect(client.verifyNotification({ ...form, encryption_data: sign('notification', outcome, 'sk_old') })).toBe(true);
  });

  it('refuses a changed amount or status, another key, another account, a missing signature', () => {
    const sig = sign('notification', outcome, KEY);
    expect(client.verifyNotification({ ...form, amount: '2500.00', encryption_data: sig })).toBe(false);
    expect(client.verifyNotification({ ...form, payment_status: '4000', encryption_data: sig })).toBe(false);
    expect(client.verifyNotification({ ...form, encryption_data: sign('notification', outcome, 'sk_other') })).toBe(
      false,
    );
    const other = { ...outcome, account_id: '701001020' };
    expect(client.verifyNotification({ ...form, ...other, encryption_data: sign('notification', other, KEY) })).toBe(
      false,
    );
    expect(client.verifyNotification(form)).toBe(false);
  });
});

describe('verifyReturn', () => {
  const query = {
    order_no: 'ORD-1',
    transaction_id: 'T1',
    payment_status: '3000',
    message: '0000:Approved',
    encryption_data: sign('returnRedirect', outcome, KEY),
  };
  const stored = { currency: 'USD', amount: '25.00' };

  it('accepts the redirect against the order the merchant stored', () => {
    expect(client.verifyReturn(query, stored)).toBe(true);
  });

  it('refuses it against another amount or currency, or with a changed status', () => {
    expect(client.verifyReturn(query, { currency: 'USD', amount: '2.50' })).toBe(false);
    expect(client.verifyReturn(query, { currency: 'EUR', amount: '25.00' })).toBe(false);
    expect(client.verifyReturn({ ...query, payment_status: '2000' }, stored)).toBe(false);
    expect(client.verifyReturn({ ...query, encryption_data: '' }, stored)).toBe(false);
  });

  it('refuses a redirect whose own amount disagrees with the stored one', () => {
    expect(client.verifyReturn({ ...query, amount: '1.00' }, stored)).toBe(false);
    expect(client.verifyReturn({ ...query, amount: '25.00', currency: 'USD' }, stored)).toBe(true);
  });
});

describe('rotation keys with an expiry', () => {
  let t = Date.parse('2026-12-30T23:59:59Z');
  const rotating = createGatewayClient({
    baseUrl: 'http://127.0.0.1:9',
    merchantId: '701001',
    accountId: '701001010',
    signKey: KEY,
    verifyKeys: [
      { key: 'sk_old', until: new Date('2026-12-31T00:00:00Z') },
      { key: 'sk_kept', until: null },
    ],
    now: () => t,
  });
  const form = { ...outcome, notify_id: 'N1', notify_type: 'PAYMENT', message: '0000:Approved', notify_time: '1' };
  const query = { order_no: 'ORD-1', transaction_id: 'T1', payment_status: '3000' };
  const expected = { currency: 'USD', amount: '25.00' };
  const signedWith = (key: string) => ({
    notification: { ...form, encryption_data: sign('notification', outcome, key) },
    ret: { ...query, encryption_data: sign('returnRedirect', { ...outcome }, key) },
  });

  it('accepts an old key until its expiry, then refuses what it signed; the others stay', () => {
    expect(rotating.verifyNotification(signedWith('sk_old').notification)).toBe(true);
    expect(rotating.verifyReturn(signedWith('sk_old').ret, expected)).toBe(true);
    t = Date.parse('2026-12-31T00:00:00Z');
    expect(rotating.verifyNotification(signedWith('sk_old').notification)).toBe(false);
    expect(rotating.verifyReturn(signedWith('sk_old').ret, expected)).toBe(false);
    expect(rotating.verifyNotification(signedWith('sk_kept').notification)).toBe(true);
    expect(rotating.verifyNotification(signedWith(KEY).notification)).toBe(true);
  });
});
