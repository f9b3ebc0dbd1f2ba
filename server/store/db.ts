import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { StoreDialect } from './dialect';
import { allMigrations } from './migrations';
import type { Database as Tables } from './schema';

export type Db = Kysely<Tables>;

export interface Store {
  db: Db;
  dialect: StoreDialect;
  close(): Promise<void>;
}

export type StoreOptions =
  | { kind: 'sqlite'; file: string }
  /** `schema`: a PostgreSQL schema to use (and create) instead of `public`, e.g. one per test file */
  | { kind: 'postgres'; url: string; schema?: string };

/**
 * Opens the store and brings its schema up to date. SQLite runs in WAL mode with a busy timeout, so several
 * processes on one machine can share the file; PostgreSQL is for several machines.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.kind === 'sqlite' ? openSqlite(options.file) : openPostgres(options.url, options.schema);
  try {
    await migrate(store, options.kind === 'postgres' ? options.schema : undefined);
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
}

function openSqlite(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  // the dialect's types follow better-sqlite3, whose API libsql implements
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: database as never }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** int8 (bigint, count(*)) as a JS number: every amount is far below 2^53, and a larger value is a bug. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is outside the safe integer range`);
  return n;
}

function openPostgres(url: string, schema?: string): Store {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

async function migrate(store: Store, schema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => allMigrations(store.dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`store migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
