import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const IBAN = 'DE89370400440532013000';
const recipient = (overrides: Record<string, unknown> = {}) => ({
  name: 'Fornecedor GmbH',
  payment_method: 'SWIFT',
  beneficiary: {
    entity_type: 'COMPANY',
    company_name: 'Fornecedor GmbH',
    address: { city: 'Berlin', country_code: 'DE' },
    bank_details: { account_name: 'Fornecedor GmbH', iban: IBAN, swift_code: 'COBADEFF' },
  },
  ...overrides,
});

describeOnStores('saved payout recipients', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  const pay = (body: unknown, key = randomUUID()) =>
    admin(backend, '/payouts', { method: 'POST', body, headers: { 'Idempotency-Key': key } });

  it('an owner saves a recipient once and pays it in three fields, once per Idempotency-Key', async () => {
    const created = await admin(backend, '/recipients', { method: 'POST', body: recipient() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^rc_/), name: 'Fornecedor GmbH', archived: false });
    // shown masked, as payouts are
    expect(created.body.beneficiary.bank_details.iban).toBe('***3000');
    expect((await admin(backend, '/recipients')).body.recipients.map((r: { id: string }) => r.id)).toContain(
      created.body.id,
    );

    const key = randomUUID();
    const paid = await pay({ recipient_id: created.body.id, amount: '120.00', currency: 'EUR' }, key);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'COMPLETED', payment_amount: '120.00', payment_currency: 'EUR' });
    expect((await pay({ recipient_id: created.body.id, amount: '120.00', currency: 'EUR' }, key)).body.id).toBe(
      paid.body.id,
    );
    expect(await sandboxApi(sandbox.url).requestCount('/v1/payout', paid.body.request_id)).toBe(1);
    // the gateway received the saved, unmasked account
    expect(paid.body.beneficiary.bank_details).toMatchObject({ iban: '***3000', swift_code: 'COBADEFF' });

    const events = await admin(backend, '/events?limit=100');
    const line = JSON.stringify(events.body);
    expect(line).toContain(`recipient ${created.body.id} created`);
    expect(line).not.toContain(IBAN);
  });

  it('refuses a recipient its payouts could not reach, naming each field', async () => {
    const bad = await admin(backend, '/recipients', {
      method: 'POST',
      body: recipient({
        name: '',
        payment_method: 'ACH',
        beneficiary: { entity_type: 'PERSONAL', first_name: 'Ana', bank_details: { account_number: '12345' } },
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'name', message: expect.stringContaining('is required') }]);
    const noBank = await admin(backend, '/recipients', {
      method: 'POST',
      body: recipient({
        payment_method: 'ACH',
        beneficiary: { entity_type: 'PERSONAL', first_name: 'Ana', bank_details: { account_number: '12345' } },
      }),
    });
    expect(noBank.body.error.fields.map((f: { path: string }) => f.path)).toEqual([
      'beneficiary.last_name',
      'beneficiary.bank_details.bank_code',
      'beneficiary.bank_details.bank_country_code',
    ]);
    const nowhere = await admin(backend, '/recipients', {
      method: 'POST',
      body: recipient({ beneficiary: { company_name: 'X' } }),
    });
    expect(nowhere.body.error.fields).toEqual([{ path: 'beneficiary.bank_details', message: expect.any(String) }]);
  });

  it('a change keeps masked numbers sent back as shown, is audited before and after, and an archived one cannot be paid', async () => {
    const { body: r } = await admin(backend, '/recipients', { method: 'POST', body: recipient({ name: 'Old name' }) });
    const changed = await admin(backend, `/recipients/${r.id}`, {
      method: 'PUT',
      body: { name: 'New name', payment_method: r.payment_method, beneficiary: r.beneficiary },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe('New name');
    // the masked IBAN sent back meant "unchanged": the payout still reaches the saved account
    const paid = await pay({ recipient_id: r.id, amount: '5.00', currency: 'EUR', reference: 'INV-7' });
    expect(paid.status).toBe(201);
    expect(paid.body.reference).toBe('INV-7');
    const newIban = await admin(backend, `/recipients/${r.id}`, {
      method: 'PUT',
      body: {
        ...recipient({ name: 'New name' }),
        beneficiary: { ...r.beneficiary, bank_details: { iban: 'DE00123' } },
      },
    });
    expect(newIban.body.error.fields).toEqual([
      { path: 'beneficiary.bank_details.iban', message: expect.stringContaining('not a valid IBAN') },
    ]);

    const archived = await admin(backend, `/recipients/${r.id}/archive`, { method: 'POST' });
    expect(archived.body.archived).toBe(true);
    expect((await admin(backend, '/recipients')).body.recipients.map((x: { id: string }) => x.id)).not.toContain(r.id);
    expect(
      (await admin(backend, '/recipients?archived=true')).body.recipients.map((x: { id: string }) => x.id),
    ).toContain(r.id);
    const refused = await pay({ recipient_id: r.id, amount: '5.00', currency: 'EUR' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([{ path: 'recipient_id', message: 'names an archived recipient' }]);

    const audit = JSON.stringify((await admin(backend, '/events?limit=100')).body);
    expect(audit).toContain(`recipient ${r.id} changed: New name`);
    expect(audit).toContain(`recipient ${r.id} archived`);
    expect(audit).toContain('"before"');
    expect(audit).not.toContain(IBAN);
  });

  it('the three-field body names its own fields when they are wrong', async () => {
    const { body: r } = await admin(backend, '/recipients', { method: 'POST', body: recipient() });
    const bad = await pay({ recipient_id: r.id, amount: '1.5', currency: 'EURO', beneficiary: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'beneficiary', message: 'is not allowed' }]);
    const wrong = await pay({ recipient_id: r.id, amount: '1.5', currency: 'EUR' });
    expect(wrong.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['amount']);
    const unknown = await pay({ recipient_id: 'rc_none', amount: '1.50', currency: 'EUR' });
    expect(unknown.body.error.fields).toEqual([{ path: 'recipient_id', message: 'does not name a saved recipient' }]);
    expect((await admin(backend, '/recipients/rc_none')).status).toBe(404);
  });
});
