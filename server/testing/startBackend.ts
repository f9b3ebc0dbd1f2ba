import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { giveBackSchema, isRunning, takeSchema } from './postgresSchemas';
import { buildBackend } from '../buildBackend';
import { loadConfig, type Config } from '../config';
import type { AppDeps, AppEnv } from '../deps';
import { reconcileOnce, type ReconcileResult } from '../reconcile/reconcileOnce';
import { openStore, type Store, type StoreOptions } from '../store';
import { standInBuild } from '../../testing/standInBuild';
import { serveOnLoopback } from './serveOnLoopback';
import type { StoreKind } from './storeVariants';

/** scrypt's N for the passwords of a test backend: 1 MiB and a few milliseconds a hash instead of 32 MiB and 0.2 s */
const TEST_SCRYPT_N = 2 ** 10;

export interface StartBackendOptions {
  /** the gateway (the sandbox's URL); defaults to a closed port, enough for tests that never pay */
  gatewayUrl?: string;
  /** SQLite in a temp dir (default), or PostgreSQL from DATABASE_URL in a fresh schema */
  store?: StoreKind;
  /** PostgreSQL: this schema instead of a fresh one, shared with other backends (several processes on one store) and kept at close */
  schema?: string;
  /** SQLite: this file instead of one in a fresh temp dir, shared with a backend process (never with a second one in this process: SQLite's busy wait blocks the event loop) and kept at close */
  sqliteFile?: string;
  /** shop origins allowed besides the backend's own (default `http://shop.test`) */
  allowedOrigins?: string[];
  /** extra environment, e.g. `{ GATEWAY_TIMEOUT_MS: '500' }` */
  env?: Record<string, string>;
  /** replaces the gateway client's fetch, to put a fault in front of the real gateway */
  gatewayFetch?: typeof fetch;
  /** the app's clock (default: real time) */
  now?: () => Date;
}

export interface Backend {
  url: string;
  config: Config;
  store: Store;
  deps: AppDeps;
  app: Hono<AppEnv>;
  /** one reconcile pass, as the timer of `main.ts` would run it */
  reconcile(): Promise<ReconcileResult>;
  close(): Promise<void>;
}

/**
 * Starts the merchant backend (as `buildBackend` wires it for `main.ts`) in this process on 127.0.0.1 with a free port, on its own store, for tests and
 * e2e runs. PUBLIC_URL is the address it listens on, so the gateway's notifications and returns reach it.
 */
export async function startBackend(options: StartBackendOptions = {}): Promise<Backend> {
  const kind = options.store ?? 'sqlite';
  let app: Hono<AppEnv> | undefined;
  const server = await serveOnLoopback((req, env) =>
    app ? app.fetch(req, env) : new Response('starting', { status: 503 }),
  );
  const { url } = server;

  let tempDir: string | undefined;
  let database: StoreOptions;
  /** a freshly migrated schema of this backend's own, given back at close (emptied for the next backend) */
  let schema: string | undefined;
  const databaseUrl = process.env.DATABASE_URL;
  if (kind === 'postgres') {
    if (!databaseUrl) throw new Error('startBackend: store "postgres" needs DATABASE_URL');
    if (!options.schema) schema = await takeSchema(databaseUrl);
    database = {
      kind: 'postgres',
      url: databaseUrl,
      schema: options.schema ?? schema!,
      preparedStatements: options.env?.DATABASE_PREPARED_STATEMENTS !== 'off',
    };
  } else if (options.sqliteFile) {
    database = { kind: 'sqlite', file: options.sqliteFile };
  } else {
    tempDir = mkdtempSync(join(tmpdir(), 'merchant-'));
    const file = join(tempDir, 'merchant.db');
    copyFileSync(await migratedSqliteFile(), file);
    database = { kind: 'sqlite', file };
  }

  const builtDir = mkdtempSync(join(tmpdir(), 'merchant-built-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    ...standInBuild(builtDir),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: url,
    ALLOWED_ORIGINS: [url, ...(options.allowedOrigins ?? ['http://shop.test'])].join(','),
    GATEWAY_BASE_URL: options.gatewayUrl ?? 'http://127.0.0.1:9',
    ...options.env,
  });
  // passwords are hashed at a test cost: production's scrypt takes 0.2 s a sign-in on the 2-core machine, and
  // server/team/passwordHash.test.ts holds the production parameters
  config.people.passwordScryptN = TEST_SCRYPT_N;
  const built = await buildBackend(config, {
    database,
    ...(options.gatewayFetch ? { gatewayFetch: options.gatewayFetch } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const { deps, store } = built;
  app = built.app;

  return {
    url,
    config,
    store,
    deps,
    app,
    reconcile: () => reconcileOnce(deps),
    async close() {
      await server.close();
      // the store first: its pool ends once the work still in flight (an audit line written after the answer)
      // is done, so that emptying (or dropping) the schema cannot deadlock with it
      await built.close();
      if (schema && databaseUrl) await giveBackSchema(databaseUrl, schema);
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      rmSync(builtDir, { recursive: true, force: true });
    },
  };
}

/** this worker's migrated SQLite file, made once (a test process runs many files: `isolate: false`) */
let migrated: Promise<string> | undefined;

/**
 * A SQLite file with every migration run, for a backend's fresh store to start as a copy of: running the
 * migrations took most of a backend's start, and the unit project starts one or more in most of its files. The
 * backend still opens its copy with `migrate` on, so a migration the copy lacks would run there. Its folder is
 * named after this process (test processes are ended without their exit handlers running): the folders of
 * processes that have ended are removed here.
 */
function migratedSqliteFile(): Promise<string> {
  migrated ??= (async () => {
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(/^merchant-migrated-(\d+)-/.exec(name)?.[1]);
      if (pid && !isRunning(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
    const dir = mkdtempSync(join(tmpdir(), `merchant-migrated-${process.pid}-`));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'merchant.db');
    // closed, so that the file holds everything (no write-ahead log beside it)
    await (await openStore({ kind: 'sqlite', file }, { onWarning: () => {} })).close();
    return file;
  })();
  return migrated;
}
