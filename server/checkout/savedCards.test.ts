import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { dropSchema } from '../testing/dropSchema';
import { buildBackend } from '../buildBackend';
import { loadConfig } from '../config';
import { describeOnStores } from '../testing/storeVariants';
import { cardTokenSeal } from '../store/cardTokenSeal';
import type { StoreOptions } from '../store/db';
import { allMigrations } from '../store/migrations';
import { findSavedCard, listSavedCards } from './savedCards';

const TOKEN_KEY = 'token-key-for-this-test-0123456789abcdef';

describeOnStores('saved cards kept in clear before migration 007', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A store migrated up to 004 only (what an older release left behind), and how the backend opens it. */
  async function olderStore(): Promise<{ db: Kysely<any>; options: StoreOptions }> {
    if (kind === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'saved-cards-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const file = join(dir, 'merchant.db');
      const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) as never }) });
      return { db, options: { kind: 'sqlite', file } };
    }
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const url = process.env.DATABASE_URL!;
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    await sql`create schema ${sql.id(schema)}`.execute(db);
    cleanups.push(() => dropSchema(schema));
    return { db, options: { kind: 'postgres', url, schema } };
  }

  it('are sealed at the next start: no clear text left, the shopper still pays with them, a shared token goes', async () => {
    const { db, options } = await olderStore();
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => allMigrations(kind) },
      ...(options.kind === 'postgres' ? { migrationTableSchema: options.schema } : {}),
    });
    expect((await migrator.migrateTo('004_payment_order_sources')).error).toBeUndefined();
    const at = new Date().toISOString();
    await db
      .insertInto('saved_cards')
      .values([
        {
          id: 'card_a',
          shopper_id: 'cust-a',
          token_id: 'tok_legacy_a',
          label: 'Visa •••• 4242',
          attempt_id: null,
          created_at: at,
        },
        // the same token bound to a second shopper, as a forged notification could do before #18
        {
          id: 'card_b',
          shopper_id: 'cust-b',
          token_id: 'tok_legacy_a',
          label: null,
          attempt_id: null,
          created_at: `${at}Z`,
        },
      ])
      .execute();
    await db.destroy();

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TOKEN_KEY });
    const backend = await buildBackend(config, { database: options });
    cleanups.push(() => backend.close());
    const seal = cardTokenSeal(TOKEN_KEY);
    const [a] = await listSavedCards(backend.store.db, 'cust-a');
    expect(a).toMatchObject({ id: 'card_a', legacy_token: null, token_hash: seal.hash('tok_legacy_a') });
    expect(await findSavedCard(backend.store.db, seal, 'card_a', 'cust-a')).toEqual({
      id: 'card_a',
      token_id: 'tok_legacy_a',
    });
    expect(await listSavedCards(backend.store.db, 'cust-b')).toEqual([]);
    // under another key the sealed token does not open: it counts as no card, never as a wrong one
    expect(await findSavedCard(backend.store.db, cardTokenSeal(`${TOKEN_KEY}x`), 'card_a', 'cust-a')).toBeUndefined();
    if (kind === 'sqlite') {
      // the start vacuumed the file; what is still in the WAL goes to the file at the next checkpoint
      await sql`pragma wal_checkpoint(truncate)`.execute(backend.store.db);
      expect(readFileSync((options as { file: string }).file).toString('latin1')).not.toContain('tok_legacy_a');
    }
  });
});
