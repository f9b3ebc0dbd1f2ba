import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../shared/gateway/hashNode';
import { createApp } from './app';
import { createLogger } from './log';
import { startBackend, type Backend } from './testing/startBackend';

/** A logger whose lines are kept, raw and parsed. */
function capturingLogger(level = 'info') {
  const raw: string[] = [];
  const log = createLogger(level, { write: (line: string) => void raw.push(line) });
  return { log, raw, lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const PAN = '4242424242424242';
/** what must never appear: the PAN without its last four digits, whatever the separators */
const leaks = (text: string) => text.replace(/[ -]/g, '').includes(PAN.slice(0, 12));

describe('createLogger', () => {
  it('never writes a card number: message, format arguments, fields, nested objects, errors, bindings, numbers', () => {
    const { log, raw, lines } = capturingLogger();
    log.info(`shopper typed ${PAN}`);
    log.info('card %s declined', '4242 4242 4242 4242');
    log.info({ body: { card: { number: '4242-4242-4242-4242' } }, note: [`x${PAN}y`] }, 'payment body');
    log.info({ pan: Number(PAN) }, 'as a number');
    log.error({ err: new Error(`gateway echoed ${PAN}`) }, 'failed');
    log.error(new Error(`thrown with ${PAN}`));
    log.child({ card: PAN }).warn('child binding');
    expect(raw).toHaveLength(7);
    for (const line of raw) {
      expect(leaks(line), line).toBe(false);
      expect(line).toContain('4242');
    }
    // still one valid JSON object per line, with the rest intact
    expect(lines()[2]).toMatchObject({ msg: 'payment body', body: { card: { number: '****-****-****-4242' } } });
    expect(lines()[3]).toMatchObject({ pan: '************4242' });
  });

  it('masks secrets by path', () => {
    const { log, raw } = capturingLogger();
    log.info(
      {
        config: { gateway: { signKey: 'sk_live_1', verifyKeys: ['sk_old'] }, shopSecret: 'shh', adminToken: 'adm' },
        headers: { authorization: 'Bearer t0k' },
      },
      'config',
    );
    expect(raw[0]).not.toMatch(/sk_live_1|sk_old|shh|adm"|t0k/);
    expect(raw[0]).toContain('[masked]');
  });
});

describe('request logging in the app', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.close());

  it('every line of a request carries its request id; a notification adds its order_no and transaction_id', async () => {
    const { log, lines } = capturingLogger();
    const app = createApp({ ...backend.deps, log });
    const { merchantId, accountId, signKey } = backend.config.gateway;
    const form = {
      notify_id: randomUUID(),
      notify_type: 'PAYMENT',
      merchant_id: merchantId,
      account_id: accountId,
      transaction_id: 'T00AA11BB',
      order_no: 'ORD-LOG-1',
      currency: 'USD',
      amount: '10.00',
      payment_status: '3000',
      message: '0000:Approved',
      notify_time: '20250101120000',
    };
    const res = await app.request('/hooks/gateway', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, encryption_data: sign('notification', form, signKey) }),
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const written = lines();
    expect(written.length).toBeGreaterThan(0);
    for (const line of written) expect(line.requestId).toBe(requestId);
    expect(written.at(-1)).toMatchObject({
      msg: 'request',
      route: '/hooks/gateway',
      status: 200,
      order_no: 'ORD-LOG-1',
      transaction_id: 'T00AA11BB',
    });
  });
});
