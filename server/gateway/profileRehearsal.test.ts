import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin, orderIn } from '../../testing/adminClient';
import { paidPixOrder } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { type Backend, startBackend } from '../testing/startBackend';

/**
 * A merchant rehearses a changed gateway profile offline (docs/deploy.md, "The gateway profile"): the backend and
 * the sandbox read the same file, and a payment, its notification and a refund go through as with the defaults.
 * With the file on the sandbox's side only, the backend cannot verify the notification: it counts it, never
 * believes it, and settles the order by query instead, so a wrong signature set-up costs a delay, not a payment.
 */

// the notification and the return redirect sign fewer fields, the refund its two fields the other way round
const CHANGED = {
  signatures: {
    notification: ['order_no', 'amount', 'payment_status', 'notify_type'],
    returnRedirect: ['order_no', 'transaction_id', 'payment_status'],
    refund: ['account_id', 'merchant_id'],
  },
};

let dir: string;
let profileFile: string;
let sandbox: Sandbox;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'profile-rehearsal-'));
  profileFile = join(dir, 'gateway-profile.json');
  writeFileSync(profileFile, JSON.stringify(CHANGED));
  sandbox = await startSandbox({ profileFile });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const badSignatures = async (backend: Backend) =>
  (await backend.deps.metrics.registry.getMetricsAsJSON())
    .find((m) => m.name === 'merchant_gateway_bad_signature_total')
    ?.values.reduce((n, v) => n + v.value, 0) ?? 0;

it('both sides given the same changed profile: paid by notification and return, refunded, nothing refused', async () => {
  const backend = await startBackend({ gatewayUrl: sandbox.url, env: { GATEWAY_PROFILE_FILE: profileFile } });
  try {
    const session = await paidPixOrder(backend);
    await orderIn(backend, session.order_no, 'paid');
    const refund = await admin(backend, '/orders/refund', { body: { orders: [{ order_no: session.order_no }] } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.results).toEqual([
      expect.objectContaining({ order_no: session.order_no, ok: true, refund_state: expect.any(String) }),
    ]);
    await orderIn(backend, session.order_no, 'refunded');
    expect(await badSignatures(backend)).toBe(0);
  } finally {
    await backend.close();
  }
});

it('only the sandbox changed: the backend refuses its signatures, counts them, and settles the order by query', async () => {
  const backend = await startBackend({ gatewayUrl: sandbox.url });
  try {
    const session = await paidPixOrder(backend);
    // the return and the notification fail verification; each makes the backend query the order, which says paid
    await orderIn(backend, session.order_no, 'paid');
    expect(await badSignatures(backend)).toBeGreaterThanOrEqual(1);
  } finally {
    await backend.close();
  }
});
