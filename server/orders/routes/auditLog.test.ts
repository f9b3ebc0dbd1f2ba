import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { admin, refundsFinal } from '../../../testing/adminClient';
import { addPerson, personCall, signInPerson, type Person } from '../../../testing/people';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';
import { makeOrders, type MadeOrder } from '../../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

interface Line {
  type: string;
  actor?: string;
  summary: string;
  order_no?: string;
  detail?: unknown;
  refund?: { amount: string; currency: string; status: string; message: string | null };
}

/**
 * Issue #32, "Reading it": the audit log tells people's actions from the machine's, records sign-ins (never a
 * password or a code), names the person who set a password, and gives a refund line its amount and
 * outcome.
 */
describeOnStores('the audit log as an owner reads it', (store) => {
  let backend: Backend;
  let ana: Person;
  let cookie: string;
  let paid: MadeOrder;
  const WRONG = 'not-anas-password-at-all';
  const TYPED_IN_EMAIL = 'correct horse battery staple';
  const lines = async (query: string, token?: string): Promise<Line[]> => {
    const res = await admin(backend, `/events?limit=200&${query}`, token ? { token } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.events;
  };

  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
    paid = (await makeOrders(backend, 1, 'paid'))[0]!;
    ana = await addPerson(backend, { email: 'ana@shop.example', role: 'owner' });
    expect((await signInPerson(backend, { email: ana.email, password: WRONG })).status).toBe(401);
    expect((await signInPerson(backend, { email: TYPED_IN_EMAIL, password: ana.password })).status).toBe(401);
    const signedIn = await signInPerson(backend, ana);
    expect(signedIn.status).toBe(200);
    cookie = signedIn.cookie!;
  });
  afterAll(() => backend?.close());

  it("records sign-ins and refusals as people's lines, without a password or a code", async () => {
    // written beside the answer: waited for
    const people = await vi.waitFor(async () => {
      const found = await lines('who=people');
      expect(found.filter((l) => l.type.startsWith('sign_in'))).toHaveLength(3);
      return found;
    });
    expect(people.find((l) => l.type === 'sign_in')).toMatchObject({
      actor: 'user:ana@shop.example',
      summary: 'ana@shop.example signed in',
    });
    const refused = people.filter((l) => l.type === 'sign_in_failed').map((l) => l.summary);
    expect(refused).toEqual([
      expect.stringMatching(/^sign-in as an unknown e-mail refused from /),
      expect.stringMatching(/^sign-in as ana@shop\.example refused from /),
    ]);
    const all = JSON.stringify(await lines('who=all'));
    for (const secret of [WRONG, TYPED_IN_EMAIL, ana.password]) expect(all).not.toContain(secret);
  });

  it('names the person who set a password with a one-time link, never the gateway', async () => {
    const password = (await lines('who=people&type=user')).find((l) =>
      String(l.summary).startsWith('password set with a one-time link'),
    );
    expect(password).toMatchObject({ actor: 'user:ana@shop.example' });
  });

  it("keeps the machine's lines apart: people see no gateway call, the system filter no person", async () => {
    const people = await lines('who=people');
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((l) => l.actor)).toBe(true);
    expect(people.map((l) => l.type)).not.toContain('gateway_call');
    const system = await lines('who=system');
    expect(system.map((l) => l.type)).toContain('gateway_call');
    expect(system.map((l) => l.type)).not.toContain('sign_in');
    expect((await admin(backend, '/events?who=robots')).body.error.fields).toEqual([
      { path: 'who', message: 'must be people, system or all' },
    ]);
  });

  it('a refund line carries the amount and how the refund ended', async () => {
    const refund = await personCall(backend, cookie, '/orders/refund', {
      body: { orders: [{ order_no: paid.order_no, amount: '5.00' }] },
    });
    expect(refund.body.results[0], JSON.stringify(refund.body)).toMatchObject({ ok: true });
    await refundsFinal(backend, paid.order_no);
    const ours = await vi.waitFor(async () => {
      const line = (await lines(`who=people&order_no=${paid.order_no}`)).find((l) => l.type === 'refund');
      expect(line?.refund?.status).toBe('succeeded');
      return line!;
    });
    // the calls to the gateway her refund made are the machine's lines, though made for her request
    const hers = await lines('who=people&actor=user:ana@shop.example');
    expect(hers.map((l) => l.type)).not.toContain('gateway_call');
    expect(hers.map((l) => l.type)).not.toContain('transition');
    const machine = await lines('who=system');
    expect(machine.some((l) => l.type === 'gateway_call' && l.actor === 'user:ana@shop.example')).toBe(true);
    expect(ours).toMatchObject({
      actor: 'user:ana@shop.example',
      order_no: paid.order_no,
      refund: { amount: '5.00', currency: paid.currency, status: 'succeeded', message: null },
    });
  });

  it("shows the shopper's device fields in line details to owners only", async () => {
    const viewer = await admin(backend, '/keys', { method: 'POST', body: { name: 'reader', role: 'viewer' } });
    const asViewer = JSON.stringify(await lines('who=all', viewer.body.key));
    for (const field of ['"shopper_ip"', '"device_fingerprint"', '"cookie_new"']) expect(asViewer).not.toContain(field);
    expect(JSON.stringify(await lines('who=all'))).toContain('"shopper_ip"');
  });
});
