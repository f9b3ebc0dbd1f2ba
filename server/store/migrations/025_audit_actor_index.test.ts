import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

/** Issue #36: migration 025 keeps the lines without an actor (the system's) out of the index by actor. */
describeOnStores('the audit log index by actor', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  it('holds only the lines that have an actor', async () => {
    const db = backend.store.db;
    if (store === 'sqlite') {
      const { rows } = await sql<{
        sql: string;
      }>`select sql from sqlite_master where name = 'audit_events_actor'`.execute(db);
      expect(rows[0]?.sql).toMatch(/where\s+"?actor"?\s+is not null/i);
    } else {
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where indexname = 'audit_events_actor' and schemaname = current_schema()
      `.execute(db);
      expect(rows[0]?.indexdef).toMatch(/WHERE \(actor IS NOT NULL\)/);
    }
  });

  // PostgreSQL's planner picks a scan for a table this small, index or not: the plan is checked on SQLite
  if (store === 'sqlite')
    it('is still the one a look-up by actor uses', async () => {
      const plan = await sql<{ detail: string }>`
      explain query plan select id from audit_events where actor = ${'user:owner@shop.test'} order by id desc limit 50
    `.execute(backend.store.db);
      expect(plan.rows.map((r) => r.detail).join('; ')).toContain('audit_events_actor');
    });
});
