import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { openStore } from '../store/db';
import { probeWrite } from '../store/probeWrite';
import { callJson } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

const tempDir = mkdtempSync(join(tmpdir(), 'merchant-health-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describeOnStores('health and readiness', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  it('/healthz: alive; /readyz: ready with each check named', async () => {
    const health = await fetch(`${backend.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', store: 'ok' });
    // a backend just started on a loaded machine may miss the 2 s write probe once: ready is waited for
    const ready = await vi.waitFor(
      async () => {
        const res = await fetch(`${backend.url}/readyz`);
        expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
        return res;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { store: 'ok', write: 'ok', migrations: 'ok', built: 'ok' },
    });
  });

  it('/readyz is 503 and names the file while the widget or the admin page is not built (#23)', async () => {
    const missing = join(tempDir, 'not-built');
    const widgetless = createApp({ ...backend.deps, config: { ...backend.deps.config, widgetDir: missing } });
    const res = await widgetless.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not_ready',
      checks: {
        store: 'ok',
        write: 'ok',
        migrations: 'ok',
        built: `missing: ${join(missing, 'widget.js')}: run npm run build`,
      },
    });
    const adminless = createApp({ ...backend.deps, config: { ...backend.deps.config, adminDir: missing } });
    expect(await (await adminless.request('/readyz')).json()).toMatchObject({
      checks: { built: `missing: ${join(missing, 'index.html')}: run npm run build` },
    });
  });

  it('/readyz is 503 while the process drains', async () => {
    const app = createApp({ ...backend.deps, isDraining: () => true });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'draining' });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('/readyz is 503 and names the migration when the schema is behind the code', async () => {
    const { db } = backend.store;
    const { rows } = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const last = rows[0]!;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    try {
      const res = await createApp(backend.deps).request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: 'not_ready',
        checks: { store: 'ok', migrations: `pending: ${last.name}` },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(db);
    }
  });
});

// #33: /readyz rewrote one row in place, which a full disk still took while every insert failed: it answered 200
// for as long as that lasted (about 5 s, and more)
describeOnStores('readiness while the store refuses writes', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  /** The store refuses every write that needs more room, as a full disk does; its probe row still fits. */
  async function fillTheDisk(): Promise<void> {
    const { db } = backend.store;
    if (store === 'sqlite') {
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
      await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
      return;
    }
    await sql`create function disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`.execute(
      db,
    );
    await sql`create trigger disk_full before insert on sessions for each row execute function disk_full()`.execute(db);
  }

  it('/readyz is 503 from the first write that failed, though its own probe still passes', async () => {
    expect((await fetch(`${backend.url}/readyz`)).status).toBe(200);
    await fillTheDisk();
    // the shop keeps creating sessions until one is refused by the store
    let failedAt = 0;
    for (let i = 1; i <= 500 && !failedAt; i++) {
      const res = await callJson(`${backend.url}/api/sessions`, {
        body: { amount: '10.00', currency: 'USD', note: 'x'.repeat(900) },
        headers: { Authorization: `Bearer ${backend.config.shopSecret}` },
      });
      if (res.status >= 500) failedAt = i;
      else expect(res.status).toBe(201);
    }
    expect(failedAt).toBeGreaterThan(0);
    // the probe alone would say all is well: it rewrites a row that is there
    await probeWrite(backend.store.db, backend.store.dialect, new Date(), 2000);
    const ready = await fetch(`${backend.url}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; checks: Record<string, string> };
    expect(body.status).toBe('not_ready');
    expect(body.checks.write).toMatch(
      store === 'sqlite'
        ? /^failed at \S+: SQLITE_FULL: database or disk is full$/
        : /^failed at \S+: 53100: could not extend file/,
    );
    expect(body.checks.store).toBe('ok');
  });
});

it('a store that does not answer: /healthz stays 200 and says so, /readyz is 503', async () => {
  const backend = await startBackend();
  try {
    const gone = await openStore({ kind: 'sqlite', file: join(tempDir, 'gone.db') });
    await gone.close();
    const app = createApp({ ...backend.deps, store: gone });
    const health = await app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', store: 'unreachable' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', checks: { store: 'unreachable' } });
  } finally {
    await backend.close();
  }
});
