import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../../testing/adminClient';
import { adminTokenOf } from '../../../testing/backendRef';
import { createSession } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

describeOnStores('GET /admin/api/orders/export (issue #32)', (store) => {
  let backend: Backend;
  const tag = `exp${randomUUID().slice(0, 6)}`;
  const keys: Record<string, string> = {};
  let brl: string;
  beforeAll(async () => {
    backend = await startBackend({ store });
    brl = (await createSession(backend, { amount: '1500.00', currency: 'BRL', items: undefined, order_no: `${tag}_1` }))
      .order_no;
    await createSession(backend, { amount: '7.00', currency: 'USD', items: undefined, order_no: `${tag}_2` });
    await createSession(backend, { amount: '9.00', currency: 'USD', items: undefined });
    for (const role of ['support', 'viewer']) {
      const res = await admin(backend, '/keys', { method: 'POST', body: { name: `${role} key`, role } });
      keys[role] = res.body.key;
    }
  });
  afterAll(() => backend?.close());

  /** The answer's bytes as sent: Response.text() would drop a byte-order mark. */
  const exportAs = async (query: string, token = adminTokenOf(backend)) => {
    const res = await fetch(`${backend.url}/admin/api/orders/export${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('answers the filter as one CSV download, plain by default and for the locale when asked', async () => {
    const plain = await exportAs(`?q=${tag}`);
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(plain.res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{8}T\d{6}\.csv"$/);
    const lines = plain.bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'order_no,status,amount,currency,captured,refunded,transaction_id,email,created_at,updated_at',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      `${tag}_2,created,7.00,USD`,
      `${tag}_1,created,1500.00,BRL`,
    ]);

    const german = await exportAs(`?q=${brl}&locale=de-DE`);
    expect(german.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, row] = german.bytes.subarray(3).toString('utf8').split('\r\n');
    expect(header).toBe('order_no;status;amount;currency;captured;refunded;transaction_id;email;created_at;updated_at');
    expect(row).toMatch(
      new RegExp(
        `^${brl};created;1500,00;BRL;;;;;\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d;\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$`,
      ),
    );
  });

  it('records each export in the audit log: who, which filter, how many rows', async () => {
    await exportAs(`?q=${tag}&status=created`, keys.support);
    const events = await admin(backend, '/events?type=orders_export');
    const line = events.body.events.find(
      (e: { detail?: { filter?: { q?: string; status?: string } } }) =>
        e.detail?.filter?.status === 'created' && e.detail.filter.q === tag,
    );
    expect(line).toMatchObject({
      type: 'orders_export',
      actor: expect.stringMatching(/^key:ck_support_/),
      summary: `exported 2 orders as CSV (status created, q ${tag})`,
      detail: { filter: { status: 'created', q: tag }, rows: 2, locale: null },
    });
  });

  it('is refused to a role without orders.export, and names a wrong parameter', async () => {
    const viewer = await exportAs('', keys.viewer);
    expect(viewer.res.status).toBe(403);
    expect(JSON.parse(viewer.bytes.toString()).error.message).toBe('the viewer role may not do this (orders.export)');
    const before = (await admin(backend, '/events?type=orders_export')).body.events.length;
    const wrong = await exportAs('?locale=not%20a%20locale');
    expect(wrong.res.status).toBe(400);
    expect(JSON.parse(wrong.bytes.toString()).error.message).toContain('locale: must be a locale such as de-DE');
    // neither is recorded as an export
    expect((await admin(backend, '/events?type=orders_export')).body.events).toHaveLength(before);
  });
});
