import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { MIGRATIONS } from './migrations';
import { withStatementCache } from '../../shared/sqlite/statementCache';
import type { SandboxDb } from './schema';

export type Db = Kysely<SandboxDb>;

export interface Store {
  db: Db;
  close(): Promise<void>;
}

/** Opens (creating if needed) the sandbox's SQLite file and brings its schema up to date. */
export async function openStore(file: string): Promise<Store> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  // WAL keeps readers (the control routes) from blocking the writer; a busy timeout covers a second process.
  // NORMAL syncs at checkpoints, not at every commit, as the backend's store does (server/store/db.ts): a killed
  // sandbox loses nothing committed, only a power loss can drop the last commits, and the fsync at each commit
  // blocked the event loop for most of the time a test's payments spent in an in-process sandbox
  database.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  // through better-sqlite3 with each SQL text prepared once, as the backend's store (shared/sqlite/statementCache.ts)
  const db = new Kysely<SandboxDb>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  const { error, results } = await new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  }).migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`sandbox store migration ${failed ?? ''} failed: ${String(error)}`);
  }
  return { db, close: () => db.destroy() };
}
