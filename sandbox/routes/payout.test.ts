import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verify } from '../../shared/gateway/hashNode';
import { MANUAL, postJson, signed } from '../testing/gatewayCalls';
import { startReceiver } from '../testing/startReceiver';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess();
  receiver = await startReceiver();
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

function payout(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    request_id: randomUUID(),
    payment_amount: '1000.00',
    payment_currency: 'USD',
    source_amount: '1000.00',
    source_currency: 'USD',
    payment_date: '2030-01-15',
    payment_method: 'SWIFT',
    fee_paid_by: 'PAYER',
    swift_charge_option: 'SHARED',
    fund_source: 'DepositAccount',
    reason: 'Invoice 42',
    reference: 'INV-42',
    beneficiary_id: 'B-1',
    client_data: 'c',
    beneficiary: {
      first_name: 'Ana',
      last_name: 'Silva',
      company_name: 'Ana Ltda',
      date_of_birth: '1990-02-03',
      entity_type: 'COMPANY',
      address: { city: 'Sao Paulo', country_code: 'BR', postcode: '01000-000', state: 'SP', street_address: 'Rua A 1' },
      bank_details: {
        account_currency: 'USD',
        account_name: 'Ana Ltda',
        account_number: '123456',
        bank_code: '001',
        bank_country_code: 'BR',
        swift_code: 'BRASBRRJ',
      },
    },
    payer: { company_name: 'Shop', entity_type: 'COMPANY' },
    notify_url: `${receiver.url}/payouts`,
    ...overrides,
  };
}

const send = async (body: Record<string, unknown>) => {
  const request = signed('payout', MANUAL, body);
  const res = await postJson(`${sb.url}/v1/payout`, request);
  return { status: res.status, body: (await res.json()) as Record<string, any>, request };
};

describe('/v1/payout', () => {
  it('answers the full response of docs/gateway-api.md 2.7 with the fee computed exactly, echoing encryption_data, and notifies PAYOUT', async () => {
    const req = payout();
    const { status, body, request } = await send(req);
    expect(status).toBe(200);
    // 0.5 % of 1000.00 = 5.00, plus 1.00 fixed, paid on top by the payer
    expect(body).toMatchObject({
      merchant_id: '701001',
      account_id: '701001010',
      request_id: req.request_id,
      payment_amount: '1000.00',
      payment_currency: 'USD',
      fee_paid_by: 'PAYER',
      reason: 'Invoice 42',
      fee_amount: 6,
      fee_currency: 'USD',
      amount_payer_pays: 1006,
      amount_beneficiary_receives: 1000,
      status: 'COMPLETED',
      failure_reason: '',
      failure_type: '',
    });
    expect(body.transaction_id).toMatch(/^P/);
    expect(body.payer_id).toMatch(/\S/);
    expect(body.short_reference_id).toMatch(/\S/);
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(body).not.toHaveProperty('notify_url');
    expect(body.beneficiary.bank_details).not.toHaveProperty('bank_code');
    expect(body.beneficiary.bank_details.local_clearing_system).toBe('SWIFT');
    expect(body).toMatchObject({ return_status: '1', return_message: 'OK', encryption_data: request.encryption_data });
    const note = await vi.waitFor(
      () => {
        const found = receiver.received.find((r) => r.fields.transaction_id === body.transaction_id);
        expect(found, 'PAYOUT notification').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    expect(note.fields).toMatchObject({
      notify_type: 'PAYOUT',
      payment_status: 'COMPLETED',
      amount: '1000.00',
      currency: 'USD',
      request_id: req.request_id,
    });
    expect(verify('notification', note.fields, note.fields.encryption_data, MANUAL.key)).toBe(true);
  });

  it('a fee paid by the beneficiary comes out of what arrives, to the cent', async () => {
    const { body } = await send(
      payout({ payment_amount: '10.01', source_amount: '10.01', fee_paid_by: 'BENEFICIARY' }),
    );
    // 0.5 % of 1001 minor = 5.005 -> 6 minor (rounded up), + 100 = 1.06
    expect(body).toMatchObject({
      fee_amount: 1.06,
      amount_payer_pays: 10.01,
      amount_beneficiary_receives: 8.95,
      status: 'COMPLETED',
    });
  });

  it('fails when the fee eats the whole amount', async () => {
    const { body } = await send(payout({ payment_amount: '1.00', source_amount: '1.00', fee_paid_by: 'BENEFICIARY' }));
    expect(body).toMatchObject({
      status: 'FAILED',
      failure_type: 'INSUFFICIENT_AMOUNT',
      amount_beneficiary_receives: 0,
    });
    expect(body.failure_reason).toMatch(/fee/);
  });

  it('a replayed request_id answers the same payout and creates no second one', async () => {
    const req = payout({ notify_url: `${receiver.url}/replay` });
    const first = await send(req);
    const again = await send(req);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await vi.waitFor(
      () =>
        expect(
          receiver.received.some((r) => r.path === '/replay'),
          'payout notification',
        ).toBeTruthy(),
      { timeout: 10_000 },
    );
    const notes = (await (
      await fetch(`${sb.url}/sandbox/notifications?order_no=${String(req.request_id)}`)
    ).json()) as { notifications: unknown[] };
    expect(notes.notifications).toHaveLength(1);
    const changed = await send({ ...req, payment_amount: '999.00' });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: 'E0008', source: 'request_id' });
  });

  it('refuses a wrong signature (I0013)', async () => {
    const body = signed('payout', MANUAL, payout());
    const res = await postJson(`${sb.url}/v1/payout`, { ...body, payment_amount: '2000.00' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'I0013' });
  });

  it.each([
    ['request_id', undefined, 'I0059'],
    ['request_id', 'not-a-uuid', 'I0059'],
    ['request_id', `${randomUUID()}0`, 'I0060'],
    ['payment_amount', undefined, 'I0019'],
    ['payment_amount', '1'.repeat(16), 'I0020'],
    ['payment_amount', '0.00', 'I0021'],
    ['payment_currency', undefined, 'I0022'],
    ['payment_currency', 'usd', 'I0023'],
    ['beneficiary', undefined, 'I0059'],
    ['payment_date', '2030-02-30', 'I0059'],
    ['fee_paid_by', 'SOMEONE', 'I0059'],
    ['notify_url', `https://x.example/${'x'.repeat(1000)}`, 'I0060'],
  ])('%s = %s -> %s', async (field, value, code) => {
    const req = payout();
    if (value === undefined) delete req[field];
    else req[field] = value;
    const { status, body } = await send(req);
    expect(status).toBe(400);
    expect(body).toMatchObject({ return_status: '0', code, source: field });
  });

  it('checks the nested beneficiary too', async () => {
    const req = payout();
    (req.beneficiary as Record<string, unknown>).entity_type = 'ROBOT';
    expect((await send(req)).body).toMatchObject({ code: 'I0059', source: 'beneficiary.entity_type' });
  });
});
