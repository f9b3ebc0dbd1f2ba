import { describe, expect, it } from 'vitest';
import { signShopEvent } from '../../../server/shopEvents/signShopEvent';
import type { ShopEvent } from '../../../shared/contract/shopEvents';
import { ShopEventSignatureError } from './ShopEventSignatureError';
import { signTestEvent } from './signTestEvent';
import { verifyShopEvent } from './verifyShopEvent';
import { verifyShopEventAsync } from './verifyShopEventAsync';

const EVENT: ShopEvent = { id: 'evt_test_1', type: 'endpoint.test', created_at: '2026-01-01T00:00:00.000Z' };

describe('signTestEvent', () => {
  it("signs as the backend signs a delivery: the same header as the server's signShopEvent, for one and two secrets", async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const t = at.getTime() / 1000;
    const one = await signTestEvent(EVENT, 'whsec_a', { at });
    expect(one.body).toBe(JSON.stringify(EVENT));
    expect(one.signature).toBe(signShopEvent(['whsec_a'], t, one.body));
    expect(one.headers).toEqual({ 'Content-Type': 'application/json', 'Checkout-Signature': one.signature });
    const two = await signTestEvent(EVENT, ['whsec_a', 'whsec_b'], { at });
    expect(two.signature).toBe(signShopEvent(['whsec_a', 'whsec_b'], t, two.body));
  });

  it('is accepted by both verifiers now, and refused as a replay when signed too long ago', async () => {
    const { body, signature } = await signTestEvent(EVENT, 'whsec_a');
    expect(verifyShopEvent(body, signature, 'whsec_a')).toEqual(EVENT);
    expect(await verifyShopEventAsync(body, signature, 'whsec_a')).toEqual(EVENT);

    const old = await signTestEvent(EVENT, 'whsec_a', { at: new Date(Date.now() - 10 * 60_000) });
    await expect(verifyShopEventAsync(old.body, old.signature, 'whsec_a')).rejects.toMatchObject({ reason: 'replay' });
    const wrong = await signTestEvent(EVENT, 'whsec_other');
    expect(() => verifyShopEvent(wrong.body, wrong.signature, 'whsec_a')).toThrow(ShopEventSignatureError);
  });

  it('signs a string body as it is (a body the handler must refuse), and refuses no secret', async () => {
    const { body, signature } = await signTestEvent('not json', 'whsec_a');
    expect(body).toBe('not json');
    await expect(verifyShopEventAsync(body, signature, 'whsec_a')).rejects.toMatchObject({ reason: 'malformed_body' });
    await expect(signTestEvent(EVENT, [])).rejects.toThrow(TypeError);
  });
});
