import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { payoutBody } from '../../testing/payoutBody';
import { startBackend, type Backend } from '../testing/startBackend';

describe('POST /admin/api/payouts/review: what a payout would send, with its estimated fee, before it is sent (#32)', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.close());

  const review = (body: unknown) => admin(backend, '/payouts/review', { method: 'POST', body });

  it('names the amount, the recipient, the fee (estimated, with its rule) and the total', async () => {
    const res = await review(payoutBody({ payment_amount: '250.00', payment_currency: 'EUR' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      currency: 'EUR',
      amount: '250.00',
      recipient: { name: 'Fornecedor Ltda', account: 'DE89370400440532013000 · COBADEFF' },
      // 0.5 % of 250.00 is 1.25, plus 1.00
      fee: '2.25',
      fee_paid_by: 'PAYER',
      fee_estimated: true,
      fee_rule: '0.5 % of the amount + 1.00 EUR',
      total: '252.25',
      recipient_gets: '250.00',
    });
    // the recipient pays it: it comes out of what arrives; a yen amount has no decimals, rounded up
    expect((await review(payoutBody({ fee_paid_by: 'BENEFICIARY' }))).body).toMatchObject({
      fee: '2.25',
      total: '250.00',
      recipient_gets: '247.75',
    });
    expect((await review(payoutBody({ payment_amount: '1001', payment_currency: 'JPY' }))).body).toMatchObject({
      fee: '106',
      total: '1107',
    });
  });

  it('checks the body as sending would, and sends nothing', async () => {
    const res = await review(payoutBody({ payment_amount: '-5' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['payment_amount']);
    expect((await admin(backend, '/payouts')).body.payouts).toEqual([]);
  });
});
