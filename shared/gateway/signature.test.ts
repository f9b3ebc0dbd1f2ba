import { describe, expect, it } from 'vitest';
import { sameSignature, sign, verify } from './hashNode';
import { stringToSign } from './signature';

// Expected hashes were computed outside this code: printf '%s' "<string>" | sha256sum
const KEY = 'sk_sandbox_701001010';
const ids = { merchant_id: '701001', account_id: '701001010' };

describe('signature strings and hashes', () => {
  it('query signs merchant_id + account_id + key', () => {
    expect(stringToSign('query', ids)).toBe('701001701001010');
    expect(sign('query', ids, KEY)).toBe('d1e6ce56432bdf67c9baafe0a07ba3d47508be161c03a36b6dd03200e7406e76');
    expect(sign('retrievalRefund', ids, KEY)).toBe('d1e6ce56432bdf67c9baafe0a07ba3d47508be161c03a36b6dd03200e7406e76');
  });

  it('refund appends every item transaction_id in list order', () => {
    const msg = {
      ...ids,
      refund_orders: [{ transaction_id: 'TX1' }, { transaction_id: 'TX2' }, { transaction_id: 'TX3' }],
    };
    expect(stringToSign('refund', msg)).toBe('701001701001010TX1TX2TX3');
    expect(sign('refund', msg, KEY)).toBe('28def1a4f9d111a90fc4fae970208790eb54308e4f90dbaf71a485e71cdb82b9');
    // the same rule for capture, cancel and review, each over its own list field
    expect(sign('capture', { ...ids, capture_orders: msg.refund_orders }, KEY)).toBe(sign('refund', msg, KEY));
    expect(sign('cancel', { ...ids, cancel_orders: msg.refund_orders }, KEY)).toBe(sign('refund', msg, KEY));
    expect(sign('review', { ...ids, review_orders: msg.refund_orders }, KEY)).toBe(sign('refund', msg, KEY));
    // order matters
    const swapped = {
      ...ids,
      refund_orders: [{ transaction_id: 'TX2' }, { transaction_id: 'TX1' }, { transaction_id: 'TX3' }],
    };
    expect(sign('refund', swapped, KEY)).not.toBe(sign('refund', msg, KEY));
  });

  it('checkout and authorise sign order fields and return_url', () => {
    const order = {
      ...ids,
      order_no: 'ORD-1',
      currency: 'USD',
      amount: '10.36',
      return_url: 'https://shop.example/pay/return/p1',
      note: 'not signed',
    };
    const expected = 'cbc541fb182a8139b8c2dbd12955908a10a129552f5d32f1c1d085003840c572';
    expect(sign('checkout', order, KEY)).toBe(expected);
    expect(sign('authorise', order, KEY)).toBe(expected);
  });

  it('notification and return redirect sign the payment outcome', () => {
    const n = {
      ...ids,
      transaction_id: 'T1',
      order_no: 'ORD-1',
      currency: 'USD',
      amount: '10.36',
      payment_status: '3000',
    };
    expect(sign('notification', n, KEY)).toBe('26c64cd090a756ec37b4a3916403ee4fdeed0eb89f9cf668bfbfa337e245cd5a');
    expect(sign('returnRedirect', n, KEY)).toBe('26c64cd090a756ec37b4a3916403ee4fdeed0eb89f9cf668bfbfa337e245cd5a');
  });

  it('removes every space from the values, not from the key', () => {
    const msg = { ...ids, refund_orders: [{ transaction_id: 'ab 12 cd' }] };
    const spaced = { ...ids, refund_orders: [{ transaction_id: ' ab-12 -cd ' }] };
    expect(stringToSign('refund', msg)).toBe('701001701001010ab12cd');
    expect(sign('refund', spaced, KEY)).toBe('f77134b529c3652ea9039b525fbd5c5afdf774bbee65c3a314867f51f921dfe9');
  });

  it('the key is case-sensitive', () => {
    expect(sign('query', ids, 'Sk_sandbox_701001010')).toBe(
      '67e6feec9ab8b76f217527edc3a592456e5fb0751045762c7be0d4e3ecd0b586',
    );
  });
});

describe('verify', () => {
  const good = 'd1e6ce56432bdf67c9baafe0a07ba3d47508be161c03a36b6dd03200e7406e76';
  it('accepts the right signature in any hex case', () => {
    expect(verify('query', ids, good, KEY)).toBe(true);
    expect(verify('query', ids, good.toUpperCase(), KEY)).toBe(true);
  });
  it('rejects a wrong key, a changed field, a truncated or missing signature', () => {
    expect(verify('query', ids, good, 'sk_other')).toBe(false);
    expect(verify('query', { ...ids, account_id: '701001011' }, good, KEY)).toBe(false);
    expect(verify('query', ids, good.slice(0, 63), KEY)).toBe(false);
    expect(verify('query', ids, good + '0', KEY)).toBe(false);
    expect(verify('query', ids, '', KEY)).toBe(false);
    expect(verify('query', ids, undefined, KEY)).toBe(false);
    // non-hex, also of a byte length other than 64: refused, never thrown
    for (const odd of ['zz', 'g'.repeat(64), 'é'.repeat(64), '€'.repeat(64), ` ${good.slice(1)}`])
      expect(verify('query', ids, odd, KEY), odd).toBe(false);
  });
  it('accepts any key of a rotation window', () => {
    expect(verify('query', ids, good, ['sk_new', KEY])).toBe(true);
    expect(verify('query', ids, good, ['sk_new', 'sk_older'])).toBe(false);
  });
  it('sameSignature: the echo must be the same 64 hex characters, and anything else is refused, never thrown', () => {
    expect(sameSignature(good, good)).toBe(true);
    expect(sameSignature(good.toUpperCase(), good)).toBe(true);
    for (const odd of [undefined, 'zz', '', good.slice(0, 63), `${good}0`, 'g'.repeat(64), 'é'.repeat(64)])
      expect(sameSignature(odd, good), String(odd)).toBe(false);
  });
});
