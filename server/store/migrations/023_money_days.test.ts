import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { dropSchema } from '../../testing/dropSchema';
import { describeOnStores } from '../../testing/storeVariants';
import { allMigrations } from '.';

/** Issue #32: migration 023 names the person of the team's audit lines written before the actor was set. */
describeOnStores('migration 023 on a store of an older release', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function olderStore(): Promise<{ db: Kysely<any>; schema?: string }> {
    if (kind === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'money-days-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const db = new Kysely<any>({
        dialect: new SqliteDialect({ database: new Database(join(dir, 'merchant.db')) as never }),
      });
      cleanups.push(() => db.destroy());
      return { db };
    }
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, options: `-c search_path=${schema}` });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    await sql`create schema ${sql.id(schema)}`.execute(db);
    cleanups.push(() => dropSchema(schema));
    cleanups.push(() => db.destroy());
    return { db, schema };
  }

  it('a password set with a one-time link before it names the person, not the gateway; other lines stay', async () => {
    const { db, schema } = await olderStore();
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => allMigrations(kind) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await migrator.migrateTo('022_session_requests')).error).toBeUndefined();
    const line = (kind: string, summary: string, detail: unknown, actor: string | null = null) => ({
      at: '2026-11-01T10:00:00.000Z',
      kind,
      summary,
      order_no: null,
      attempt_id: null,
      request_id: null,
      detail: JSON.stringify(detail),
      actor,
    });
    await db
      .insertInto('audit_events')
      .values([
        line('user', 'password set with a one-time link: ana@shop.example', { actor: 'user:ana@shop.example' }),
        line('user', 'role changed: bo@shop.example', { actor: 'key:ck_owner_Ab12' }, 'key:ck_owner_Ab12'),
        line('gateway_call', 'query ok 200', { actor: 'user:not-a-person-line' }),
        line('user', 'odd: cy@shop.example', { actor: 'gateway' }),
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('audit_events').select(['summary', 'actor']).orderBy('id').execute();
    expect(rows.map((r) => r.actor)).toEqual(['user:ana@shop.example', 'key:ck_owner_Ab12', null, null]);
  });
});
