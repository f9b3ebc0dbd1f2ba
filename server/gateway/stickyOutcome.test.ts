import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../testing/freePort';
import { startFaultProxy, type FaultProxy } from '../../testing/faultProxy';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { createGatewayClient, GatewayError, type GatewayCallRecord } from './index';

// The real client over real sockets: the sandbox (served in this process) behind the fault proxy on loopback.
let sandbox: Sandbox;
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy();
  sandbox = await startSandbox({ publicUrl: proxy.url });
  proxy.target = sandbox.url;
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

const demo = { merchantId: '701001', accountId: '701001010', signKey: 'sk_sandbox_701001010' };

function payoutRequest() {
  return {
    request_id: randomUUID(),
    payment_amount: '12.00',
    payment_currency: 'EUR',
    payment_method: 'SWIFT',
    beneficiary: {
      entity_type: 'COMPANY',
      company_name: 'Fornecedor Ltda',
      bank_details: { iban: 'DE89370400440532013000', swift_code: 'COBADEFF', bank_country_code: 'DE' },
    },
  };
}

it('a payout whose answer was lost stays "outcome unknown" when its retry is refused a connection', async () => {
  const records: GatewayCallRecord[] = [];
  const client = createGatewayClient({
    baseUrl: proxy.url,
    ...demo,
    timeoutMs: 500,
    retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 20 },
    onCall: (r) => records.push(r),
  });
  // the gateway makes the payout, its answer never arrives, and every retry finds the door shut
  proxy.add({ method: 'POST', path: '/v1/payout', action: 'drop-answer', afterwards: 'refuse' });
  const error = await client.payout(payoutRequest()).then(
    () => undefined,
    (e: unknown) => e,
  );
  await proxy.accept();
  expect(proxy.clear()).toBe(1);
  expect(records.map((r) => r.outcome)).toEqual(['timeout', 'unavailable', 'unavailable']);
  expect(error).toBeInstanceOf(GatewayError);
  // the last attempt alone ("connection refused": never sent) would say nothing happened; the first may have paid
  expect((error as GatewayError).outcomeUnknown).toBe(true);
  expect((error as GatewayError).message).toMatch(/outcome unknown/);
});

it('a payout that never found the gateway listening is known not to have happened', async () => {
  // nothing listens on this port: every attempt is refused before anything is sent
  const client = createGatewayClient({
    baseUrl: `http://127.0.0.1:${await freePort()}`,
    ...demo,
    timeoutMs: 500,
    retry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 20 },
  });
  const error = await client.payout(payoutRequest()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  expect((error as GatewayError).outcomeUnknown).toBe(false);
});
