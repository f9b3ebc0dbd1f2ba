import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { StoreDialect } from './dialect';
import { nameStatements, type StatementNames } from './nameStatements';
import { pipelineStatements } from './pipelineStatements';
import { withStatementCache } from '../../shared/sqlite/statementCache';
import { FALLBACK_CHECKPOINT_PAGES, startWalCheckpointer, type WalCheckpointer } from './walCheckpointer';
import { allMigrations } from './migrations';
import { probeWrite } from './probeWrite';
import type { Database as Tables } from './schema';
import { watchWriteFailures, type WriteFailure } from './watchWriteFailures';

export type Db = Kysely<Tables>;

export interface Store {
  db: Db;
  dialect: StoreDialect;
  /** names of the migrations this code has that the database has not run yet (empty: up to date) */
  pendingMigrations(): Promise<string[]>;
  /** SQLite in a file: the worker that checkpoints its WAL off the event loop (walCheckpointer.ts) */
  walCheckpointer?: WalCheckpointer;
  /** PostgreSQL: the connection pool under `db`, for what talks to it directly (the shared rate limits) */
  pool?: pg.Pool;
  /**
   * The last statement the database refused because it cannot write (a full disk, a read-only file or replica,
   * an I/O error: watchWriteFailures.ts), or null; `/readyz` reads it.
   */
  lastWriteFailure(): WriteFailure | null;
  close(): Promise<void>;
}

export interface OpenStoreSettings {
  /** bring the schema up to date first (default), or refuse a schema that is behind */
  migrate?: boolean;
  /** where a background problem goes (a failing WAL checkpoint); default: a process warning */
  onWarning?: (message: string) => void;
}

/** A production start on a database whose schema is behind the code: migrate first, then start. */
export class StoreNotMigratedError extends Error {
  override name = 'StoreNotMigratedError';
  constructor(readonly pending: readonly string[]) {
    super(
      `the database is not migrated: ${pending.length} migration(s) pending (${pending.join(', ')}). Run \`npm run migrate\` with the same DATABASE_URL, then start again.`,
    );
  }
}

/** The database cannot be opened, reached or written at start: `message` names it (no credentials) and why. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
  constructor(options: StoreOptions, cause: unknown) {
    super(`cannot open the database ${databaseName(options)}: ${reasonOf(cause)}`, { cause });
  }
}

/**
 * Driver codes of a database that is not there, not reachable, refuses us, or cannot be written: network
 * errors, PostgreSQL's bad password (28P01), refused role (28000) and missing database (3D000), SQLite's
 * read-only and cannot-open.
 */
const CANNOT_OPEN_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  '28P01',
  '28000',
  '3D000',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_PERM',
]);

function cannotOpen(e: unknown): boolean {
  for (let inner = e; inner; inner = (inner as { cause?: unknown }).cause) {
    if (CANNOT_OPEN_CODES.has(String((inner as { code?: unknown }).code))) return true;
    if (inner instanceof AggregateError && inner.errors.some(cannotOpen)) return true;
  }
  return false;
}

/** The SQLite file, or the PostgreSQL URL without its user and password. */
function databaseName(options: StoreOptions): string {
  if (options.kind === 'sqlite') return options.file;
  const url = URL.canParse(options.url) ? new URL(options.url) : undefined;
  return url ? `${url.protocol}//${url.host}${url.pathname}` : 'from DATABASE_URL (not a valid URL)';
}

/** The innermost cause's message (a failed migration wraps the driver's error), on one line. */
function reasonOf(e: unknown): string {
  let inner = e;
  while (inner instanceof Error && inner.cause !== undefined) inner = inner.cause;
  const message = inner instanceof Error ? inner.message : String(inner);
  if ((inner as { code?: unknown } | null)?.code === 'SQLITE_CANTOPEN')
    return 'the file cannot be created or opened (SQLITE_CANTOPEN): is its directory there and writable by this user?';
  return message.replace(/\s+/g, ' ').trim() || String((inner as { code?: unknown } | null)?.code ?? 'unknown error');
}

export type StoreOptions =
  | { kind: 'sqlite'; file: string }
  /**
   * `schema`: a PostgreSQL schema to use (and create) instead of `public`, e.g. one per test file;
   * `preparedStatements` (default true): each connection prepares the texts it runs (nameStatements.ts). Either
   * way a transaction's `begin` and deferrable writes go with its next statement (pipelineStatements.ts)
   */
  | { kind: 'postgres'; url: string; schema?: string; preparedStatements?: boolean };

/**
 * Opens the store. With `migrate` (the default: development, tests, `npm run migrate`) its schema is brought up
 * to date first; without (a production start) a schema that is behind is refused with StoreNotMigratedError, so
 * that schema changes happen in one deliberate step and never race between processes starting together.
 * SQLite runs in WAL mode with a busy timeout, so several processes on one machine can share the file;
 * PostgreSQL is for several machines. A database that cannot be opened, reached or written is a StoreOpenError.
 */
export async function openStore(
  options: StoreOptions,
  { migrate = true, onWarning = (m) => process.emitWarning(m) }: OpenStoreSettings = {},
): Promise<Store> {
  const schema = options.kind === 'postgres' ? options.schema : undefined;
  const writes = watchWriteFailures();
  let store: Store;
  try {
    store =
      options.kind === 'sqlite'
        ? openSqlite(options.file, onWarning, writes)
        : openPostgres(options.url, schema, options.preparedStatements ?? true, writes);
  } catch (e) {
    throw new StoreOpenError(options, e);
  }
  try {
    if (migrate) await migrateToLatest(migratorFor(store.db, store.dialect, schema));
    else {
      const pending = await store.pendingMigrations();
      if (pending.length) throw new StoreNotMigratedError(pending);
    }
    // a store that reads but cannot write (a read-only file or replica, a full disk) can take no payment: it is
    // refused here, in one line, rather than started to answer 503 (#33); a migrated file writes nothing above
    await probeWrite(store.db, store.dialect, new Date(), START_WRITE_PROBE_MS).catch((e: unknown) => {
      const code = (e as { code?: unknown } | null)?.code;
      throw new StoreOpenError(
        options,
        new Error(`it takes no write (${code ? `${String(code)}: ` : ''}${reasonOf(e)})`),
      );
    });
  } catch (e) {
    await store.close().catch(() => {});
    // the first statements are where an unreachable server or a read-only file shows itself; a migration
    // that fails for another reason keeps its own error
    throw e instanceof StoreOpenError || !cannotOpen(e) ? e : new StoreOpenError(options, e);
  }
  return store;
}

/** How long the write at start may take (PostgreSQL; SQLite waits out its busy timeout). */
const START_WRITE_PROBE_MS = 5_000;

type WriteWatch = ReturnType<typeof watchWriteFailures>;

function openSqlite(file: string, onWarning: (message: string) => void, writes: WriteWatch): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  // In WAL mode NORMAL syncs at checkpoints, not at every commit: the file stays consistent after any crash and
  // a killed process loses nothing committed; only a power loss can drop the last commits. SQLite is the
  // development and single-host store (production requires PostgreSQL), and FULL made each commit wait for an
  // fsync on the event loop: 10.6 -> 3.8 ms of SQLite per payment (bench/RESULTS.md, section 1).
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  // checkpoints run in a worker thread, not inside a commit on the event loop (walCheckpointer.ts)
  const walCheckpointer =
    file === ':memory:'
      ? undefined
      : startWalCheckpointer(file, (m) => onWarning(`SQLite WAL checkpoint failed: ${m}`));
  if (walCheckpointer) database.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    log: writes.log,
  });
  return {
    db,
    dialect: 'sqlite',
    pendingMigrations: () => pendingMigrations(migratorFor(db, 'sqlite')),
    lastWriteFailure: writes.last,
    ...(walCheckpointer ? { walCheckpointer } : {}),
    async close() {
      await walCheckpointer?.stop();
      await db.destroy();
    },
  };
}

/** Asks the database for nothing: whether it answers at all (the health probes). */
export async function pingStore(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** int8 (bigint, count(*)) as a JS number: every amount is far below 2^53, and a larger value is a bug. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is outside the safe integer range`);
  return n;
}

/** Behind a pooler that cannot keep prepared statements: every statement unnamed, parsed each time. */
const UNNAMED: StatementNames = { nameFor: () => null, unname: () => {} };

function openPostgres(url: string, schema: string | undefined, preparedStatements: boolean, writes: WriteWatch): Store {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? parseInt8
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const pipelines = new WeakMap<pg.PoolClient, { reset(): void }>();
  pool.on('connect', (client) =>
    pipelines.set(client, pipelineStatements(client, preparedStatements ? nameStatements(client) : UNNAMED)),
  );
  pool.on('acquire', (client) => pipelines.get(client)?.reset());
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log: writes.log });
  return {
    db,
    dialect: 'postgres',
    pendingMigrations: () => pendingMigrations(migratorFor(db, 'postgres', schema)),
    lastWriteFailure: writes.last,
    pool,
    close: () => db.destroy(),
  };
}

function migratorFor(db: Db, dialect: StoreDialect, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => allMigrations(dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

async function pendingMigrations(migrator: Migrator): Promise<string[]> {
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Runs every pending migration, in one transaction. Safe when several processes start at once on PostgreSQL:
 * Kysely's migrator holds an advisory lock meanwhile, and the next process finds nothing left to run.
 */
async function migrateToLatest(migrator: Migrator): Promise<void> {
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's migrator lists every table of the database before it takes its lock; another schema dropped at that
  // moment (another tenant's, or another test file's in a shared database) fails the listing with "schema does
  // not exist" (3F000) although nothing of ours is wrong: list again
  for (let retry = 0; retry < 3 && (error as { code?: unknown } | undefined)?.code === '3F000' && !results; retry++)
    ({ error, results } = await migrator.migrateToLatest());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(
      `store migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
