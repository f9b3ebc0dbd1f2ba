import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../../testing/adminClient';
import { DEMO_CART, postSession } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

/** Changes one character of the key's random part (the checksum then no longer matches). */
const tamper = (key: string) => `${key.slice(0, 12)}${key[12] === 'A' ? 'B' : 'A'}${key.slice(13)}`;

describeOnStores('API keys', (store) => {
  let backend: Backend;
  let clock = new Date('2025-06-01T10:00:00.000Z');
  beforeAll(async () => {
    backend = await startBackend({ store, now: () => clock, env: { AUTH_FAILURES_PER_IP: '1000' } });
  });
  afterAll(() => backend?.close());

  const create = async (role: string, name = `${role} script`, token?: string) => {
    const res = await admin(backend, '/keys', { method: 'POST', body: { name, role }, ...(token ? { token } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; key: string; prefix: string; role: string; name: string; created_by: string };
  };

  it('creates a key shown once, shaped to be recognised when leaked; the list never shows a secret', async () => {
    const created = await create('finance', 'month-end script');
    expect(created.key).toMatch(/^ck_finance_[0-9A-Za-z]{38}$/);
    expect(created.prefix).toBe(created.key.slice(0, 'ck_finance_'.length + 8));
    expect(created).toMatchObject({ role: 'finance', name: 'month-end script', created_by: 'env:ADMIN_TOKEN' });
    const listed = await admin(backend, '/keys');
    expect(listed.status).toBe(200);
    const row = listed.body.keys.find((k: { id: string }) => k.id === created.id);
    expect(row).toEqual({
      id: created.id,
      name: 'month-end script',
      role: 'finance',
      prefix: created.prefix,
      created_at: clock.toISOString(),
      created_by: 'env:ADMIN_TOKEN',
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
    });
    const stored = await backend.store.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).execute();
    const everything = JSON.stringify([listed.body, (await admin(backend, '/events?limit=200')).body]);
    expect(everything).not.toContain(created.key.slice(created.prefix.length));
    expect(everything).not.toContain(stored[0]!.secret_hash);
    // at rest: its SHA-256 only
    expect(JSON.stringify(stored)).not.toContain(created.key);
  });

  it('a key works on every bearer route its role allows: a finance key reads orders, a shop key creates sessions', async () => {
    const finance = await create('finance');
    expect((await admin(backend, '/orders', { token: finance.key })).status).toBe(200);
    expect(
      (await admin(backend, '/payment-methods', { method: 'PUT', body: { methods: [] }, token: finance.key })).status,
    ).toBe(403);
    const shop = await create('shop', 'web shop');
    expect((await postSession(backend, DEMO_CART, shop.key)).status).toBe(201);
    expect((await admin(backend, '/orders', { token: shop.key })).status).toBe(403);
    // a staff key is no shop server
    expect((await postSession(backend, DEMO_CART, finance.key)).status).toBe(403);
  });

  it('rotation: two keys of a role work at once; a revoked one is refused from the next request on', async () => {
    const old = await create('support', 'helpdesk');
    const next = await create('support', 'helpdesk (new)');
    expect((await admin(backend, '/orders', { token: old.key })).status).toBe(200);
    expect((await admin(backend, '/orders', { token: next.key })).status).toBe(200);
    // revoked by its prefix, as the CLI and the list show it, by an owner key
    const owner = await create('owner', 'ops');
    const revoked = await admin(backend, `/keys/${old.prefix}`, { method: 'DELETE', token: owner.key });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      id: old.id,
      revoked_at: clock.toISOString(),
      revoked_by: `key:${owner.prefix}`,
    });
    expect((await admin(backend, '/orders', { token: old.key })).status).toBe(401);
    expect((await admin(backend, '/orders', { token: next.key })).status).toBe(200);
    // again: nothing more happens, and it is audited once
    expect((await admin(backend, `/keys/${old.id}`, { method: 'DELETE' })).status).toBe(200);
    const { events } = (await admin(backend, '/events?type=api_key&limit=200')).body;
    const lines = events.filter((e: { summary: string }) => e.summary.includes(old.prefix));
    expect(lines.map((e: { summary: string; actor: string }) => [e.summary, e.actor])).toEqual([
      [`API key ${old.prefix} (support) "helpdesk" revoked`, `key:${owner.prefix}`],
      [`API key ${old.prefix} (support) "helpdesk" created`, 'env:ADMIN_TOKEN'],
    ]);
    expect(lines[0].detail).toEqual({ action: 'revoked', prefix: old.prefix, role: 'support', name: 'helpdesk' });
  });

  it('refuses a key that is altered, unknown or of another role, with the same 401 as any wrong credential', async () => {
    const key = (await create('viewer')).key;
    const wrongSecret = `${key.slice(0, -10)}${'0'.repeat(10)}`;
    for (const bad of [tamper(key), wrongSecret, key.replace('ck_viewer_', 'ck_owner_'), `${key}x`, key.slice(0, -1)]) {
      const res = await admin(backend, '/orders', { token: bad });
      expect(res.status, bad).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const { id, key } = await create('viewer');
    const lastUsed = async () =>
      (
        await backend.store.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await admin(backend, '/orders', { token: key });
    const first = clock.toISOString();
    expect(await lastUsed()).toBe(first);
    clock = new Date(clock.getTime() + 30_000);
    await admin(backend, '/orders', { token: key });
    expect(await lastUsed()).toBe(first);
    clock = new Date(clock.getTime() + 31_000);
    await admin(backend, '/orders', { token: key });
    expect(await lastUsed()).toBe(clock.toISOString());
  });

  it('refuses a wrong request naming the field, and an unknown key with 404', async () => {
    const cases: [unknown, string][] = [
      [{ role: 'finance' }, 'name'],
      [{ name: '  ', role: 'finance' }, 'name'],
      [{ name: 'x'.repeat(101), role: 'finance' }, 'name'],
      [{ name: 'ok', role: 'admin' }, 'role'],
      [{ name: 'ok' }, 'role'],
      [{ name: 'ok', role: 'viewer', secret: 'mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const res = await admin(backend, '/keys', { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    expect((await admin(backend, '/keys/key_nope', { method: 'DELETE' })).status).toBe(404);
  });
});
