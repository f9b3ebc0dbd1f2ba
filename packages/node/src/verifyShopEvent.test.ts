import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ShopEventSignatureError } from './ShopEventSignatureError';
import { verifyShopEvent } from './verifyShopEvent';
import { verifyShopEventAsync } from './verifyShopEventAsync';

const SECRET = 'whsec_test_secret';
const T = 1_700_000_000;
const AT_T = new Date(T * 1000);
const BODY = '{"id":"evt_1","type":"endpoint.test","created_at":"2023-11-14T22:13:20.000Z"}';
/**
 * HMAC-SHA256(SECRET, `${T}.${BODY}`), computed outside this code:
 * printf '%s' "1700000000.$BODY" | openssl dgst -sha256 -hmac whsec_test_secret -hex
 */
const LITERAL_V1 = '20c17b946c625df793488bf79b9b6138bc37fecba106533d73d9d5d33750cf9e';

/** The scheme of shared/contract/shopEvents.ts, written out here on its own, not taken from the code under test. */
const v1Of = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

async function refusal(fn: () => unknown): Promise<ShopEventSignatureError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof ShopEventSignatureError) return e;
    throw e;
  }
  throw new Error('expected a ShopEventSignatureError, but the event was accepted');
}

// the same cases for both: the sync check through node:crypto and the async one through Web Crypto
describe.each([
  ['verifyShopEvent', verifyShopEvent],
  ['verifyShopEventAsync', verifyShopEventAsync],
] as const)('%s', (_name, verify) => {
  it('accepts the literal vector, from a string and from the raw bytes', async () => {
    expect(v1Of(SECRET, T, BODY)).toBe(LITERAL_V1);
    const header = `t=${T},v1=${LITERAL_V1}`;
    const expected = { id: 'evt_1', type: 'endpoint.test', created_at: '2023-11-14T22:13:20.000Z' };
    expect(await verify(BODY, header, SECRET, { now: AT_T })).toEqual(expected);
    expect(await verify(Buffer.from(BODY), header, [SECRET], { now: AT_T })).toEqual(expected);
    // an ArrayBuffer, as a Request's arrayBuffer() gives it on an edge runtime
    expect(await verify(new TextEncoder().encode(BODY).buffer, header, SECRET, { now: AT_T })).toEqual(expected);
  });

  it('accepts a body with non-ASCII text: the HMAC is over its UTF-8 bytes', async () => {
    const body = JSON.stringify({ id: 'evt_2', type: 'order.paid', created_at: 'x', order: { email: 'zoë@例え.jp' } });
    const header = `t=${T},v1=${v1Of(SECRET, T, body)}`;
    expect((await verify(Buffer.from(body, 'utf8'), header, SECRET, { now: AT_T })).id).toBe('evt_2');
  });

  it('refuses a tampered body and a wrong secret', async () => {
    const header = `t=${T},v1=${LITERAL_V1}`;
    expect((await refusal(() => verify(BODY.replace('evt_1', 'evt_9'), header, SECRET, { now: AT_T }))).reason).toBe(
      'no_match',
    );
    expect((await refusal(() => verify(`${BODY} `, header, SECRET, { now: AT_T }))).reason).toBe('no_match');
    expect((await refusal(() => verify(BODY, header, 'whsec_other', { now: AT_T }))).reason).toBe('no_match');
    // the timestamp is signed too: moving it breaks the signature
    expect((await refusal(() => verify(BODY, `t=${T + 1},v1=${LITERAL_V1}`, SECRET, { now: AT_T }))).reason).toBe(
      'no_match',
    );
  });

  it('refuses a replay outside the tolerance, either way, and accepts one just inside it', async () => {
    const header = `t=${T},v1=${LITERAL_V1}`;
    const at = (seconds: number) => new Date((T + seconds) * 1000);
    expect((await verify(BODY, header, SECRET, { now: at(300) })).id).toBe('evt_1');
    expect((await verify(BODY, header, SECRET, { now: at(-300) })).id).toBe('evt_1');
    const late = await refusal(() => verify(BODY, header, SECRET, { now: at(301) }));
    expect(late.reason).toBe('replay');
    expect(late.message).toContain('2023-11-14T22:13:20.000Z');
    expect((await refusal(() => verify(BODY, header, SECRET, { now: at(-301) }))).reason).toBe('replay');
    expect((await refusal(() => verify(BODY, header, SECRET, { now: at(61), toleranceSeconds: 60 }))).reason).toBe(
      'replay',
    );
    // the default is now: a delivery signed in 2023 is long past
    expect((await refusal(() => verify(BODY, header, SECRET))).reason).toBe('replay');
  });

  it('two secrets during a roll: a v1 of either secret matches, in any position', async () => {
    const old = 'whsec_old';
    const rolled = 'whsec_new';
    const both = `t=${T},v1=${v1Of(rolled, T, BODY)},v1=${v1Of(old, T, BODY)}`;
    expect((await verify(BODY, both, old, { now: AT_T })).id).toBe('evt_1');
    expect((await verify(BODY, both, rolled, { now: AT_T })).id).toBe('evt_1');
    // the receiver rolling its side: it holds both, the sender signs with one
    expect((await verify(BODY, `t=${T},v1=${v1Of(old, T, BODY)}`, [rolled, old], { now: AT_T })).id).toBe('evt_1');
    expect((await verify(BODY, `t=${T},v1=${v1Of(rolled, T, BODY)}`, [rolled, old], { now: AT_T })).id).toBe('evt_1');
    expect((await refusal(() => verify(BODY, both, ['whsec_x', 'whsec_y'], { now: AT_T }))).reason).toBe('no_match');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no t', `v1=${LITERAL_V1}`],
    ['no v1', `t=${T}`],
    ['two t', `t=${T},t=${T},v1=${LITERAL_V1}`],
    ['a t that is not a number', `t=17e8,v1=${LITERAL_V1}`],
    ['a short v1', `t=${T},v1=${LITERAL_V1.slice(2)}`],
    ['an uppercase v1', `t=${T},v1=${LITERAL_V1.toUpperCase()}`],
    ['a part without =', `t=${T},${LITERAL_V1}`],
    ['a trailing comma', `t=${T},v1=${LITERAL_V1},`],
  ])('refuses a malformed header: %s', async (_name, header) => {
    expect((await refusal(() => verify(BODY, header, SECRET, { now: AT_T }))).reason).toBe('malformed_header');
  });

  it('skips a scheme it does not know (a future v2) beside a v1', async () => {
    expect((await verify(BODY, `t=${T},v2=abc,v1=${LITERAL_V1}`, SECRET, { now: AT_T })).id).toBe('evt_1');
  });

  it('refuses a signed body that is not an event', async () => {
    for (const body of ['not json', '{"id":"evt_1"}', 'null']) {
      const header = `t=${T},v1=${v1Of(SECRET, T, body)}`;
      expect((await refusal(() => verify(body, header, SECRET, { now: AT_T }))).reason).toBe('malformed_body');
    }
  });

  it('refuses to run without a secret rather than accept anything', async () => {
    await expect(async () => verify(BODY, `t=${T},v1=${LITERAL_V1}`, [], { now: AT_T })).rejects.toThrow(TypeError);
    await expect(async () => verify(BODY, `t=${T},v1=${LITERAL_V1}`, '', { now: AT_T })).rejects.toThrow(TypeError);
  });
});
