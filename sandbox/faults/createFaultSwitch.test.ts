import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFaultSwitch } from './createFaultSwitch';
import { requestKeys } from './requestKeys';

const anyOrder = { accountId: '701001010', orderNos: ['A'] };

describe('fault switch rules', () => {
  it('fires the first matching rule, counts it and spends its times', () => {
    const faults = createFaultSwitch();
    const first = faults.add({ endpoint: '/v1/refund', times: 2, fault: { kind: 'status', status: 503 } });
    const second = faults.add({ endpoint: '*', fault: { kind: 'timeout' } });
    expect([1, 2, 3].map(() => faults.take('/v1/refund', anyOrder)?.id)).toEqual([first.id, first.id, second.id]);
    expect(faults.list()).toMatchObject([
      { id: first.id, fired: 2, times: 0, apply: 'before' },
      { id: second.id, fired: 1, times: null },
    ]);
  });

  it('scopes by account_id and order_no', () => {
    const faults = createFaultSwitch();
    faults.add({ endpoint: '/v1/capture', account_id: '701001020', order_no: 'B', fault: { kind: 'malformed' } });
    expect(faults.take('/v1/capture', { accountId: '701001010', orderNos: ['B'] })).toBeUndefined();
    expect(faults.take('/v1/capture', { accountId: '701001020', orderNos: ['A'] })).toBeUndefined();
    expect(faults.take('/v1/capture', { accountId: '701001020', orderNos: ['A', 'B'] })).toBeDefined();
  });

  it('"*" is every /v1 endpoint but never notify', () => {
    const faults = createFaultSwitch();
    faults.add({ endpoint: '*', fault: { kind: 'status', status: 500 } });
    expect(faults.armed('/v1/payout')).toBe(true);
    expect(faults.armed('notify')).toBe(false);
    expect(faults.take('notify', anyOrder)).toBeUndefined();
  });

  it('remove and clear take rules out', () => {
    const faults = createFaultSwitch();
    const a = faults.add({ endpoint: '/v1/refund', fault: { kind: 'malformed' } });
    faults.add({ endpoint: '/v1/cancel', fault: { kind: 'malformed' } });
    expect(faults.remove(a.id)).toBe(true);
    expect(faults.remove(a.id)).toBe(false);
    expect(faults.armed('/v1/refund')).toBe(false);
    faults.clear();
    expect(faults.list()).toEqual([]);
  });
});

describe('holds', () => {
  afterEach(() => void vi.useRealTimers());

  it('end when their time is up, their client aborts, or the switch closes, and leave no timer', async () => {
    vi.useFakeTimers();
    const faults = createFaultSwitch();
    const timed = faults.hold({ ms: 60_000 });
    const client = new AbortController();
    const aborted = faults.hold({ signal: client.signal });
    const forever = faults.hold({});
    const long = faults.hold({ ms: 600_000 });
    expect(faults.held()).toBe(4);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(await timed).toBe('elapsed');
    client.abort();
    expect(await aborted).toBe('aborted');
    expect(faults.held()).toBe(2);

    faults.close();
    expect(await forever).toBe('closed');
    expect(await long).toBe('closed');
    expect(faults.held()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    // after close nothing can be held again
    expect(await faults.hold({ ms: 60_000 })).toBe('closed');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('requestKeys', () => {
  it('reads the account and every order number a request names', () => {
    const batch = JSON.stringify({
      account_id: '701001010',
      refund_orders: [{ order_no: 'A' }, { order_no: 'B' }, 'junk'],
    });
    expect(requestKeys(batch, 'application/json')).toEqual({ accountId: '701001010', orderNos: ['A', 'B'] });
    expect(requestKeys('account_id=701001010&orders=A,%20B&trades=T1', 'application/x-www-form-urlencoded')).toEqual({
      accountId: '701001010',
      orderNos: ['A', 'B'],
    });
    expect(requestKeys('merNo=701001&gatewayNo=701001020&orderNo=C', 'application/x-www-form-urlencoded')).toEqual({
      accountId: '701001020',
      orderNos: ['C'],
    });
    expect(
      requestKeys(JSON.stringify({ account_id: '701001010', request_id: 'R1' }), 'application/json').orderNos,
    ).toEqual(['R1']);
  });

  it('names nothing for a body it cannot read', () => {
    expect(requestKeys('{"account_id":', 'application/json')).toEqual({ accountId: undefined, orderNos: [] });
  });
});
