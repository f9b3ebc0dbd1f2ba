import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StoreNotMigratedError } from '../server/store/db';
import { allMigrations } from '../server/store/migrations';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tempDir = mkdtempSync(join(tmpdir(), 'merchant-migrate-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));
const ALL = Object.keys(allMigrations('sqlite'));

/** Runs a TypeScript entry as npm does, with only `env` (plus PATH); resolves with its exit code and output. */
function run(entry: string, env: Record<string, string>, untilLine?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stopping = false;
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    // a server that reached the line it was started for is stopped like an orchestrator would: one SIGTERM (a
    // second one, sent on the next line it logs, would mean "exit now" and fail a shutdown still in progress)
    if (!stopping && untilLine?.test(out) && child.exitCode === null) {
      stopping = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out })),
  );
}

describe('npm run migrate', () => {
  it('an unmigrated SQLite file is refused when migration is off, migrated by the script, then accepted', async () => {
    const file = join(tempDir, 'fresh.db');
    const refused = await openStore({ kind: 'sqlite', file }, { migrate: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreNotMigratedError);
    expect((refused as StoreNotMigratedError).pending).toEqual(ALL);
    expect((refused as Error).message).toContain('npm run migrate');

    const first = await run('scripts/migrate.ts', { SQLITE_FILE: file });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`migrated: ${ALL.join(', ')}`);
    const again = await run('scripts/migrate.ts', { SQLITE_FILE: file });
    expect(again.out).toContain('is up to date, nothing to do');

    const store = await openStore({ kind: 'sqlite', file }, { migrate: false });
    expect(await store.pendingMigrations()).toEqual([]);
    await store.close();
  });

  it('never prints the database password', async () => {
    const res = await run('scripts/migrate.ts', { DATABASE_URL: 'postgres://app:s3cr3t-pw@127.0.0.1:1/nowhere' });
    expect(res.code).toBe(1);
    expect(res.out).toContain('postgres://app:***@127.0.0.1:1/nowhere');
    expect(res.out).not.toContain('s3cr3t-pw');
  });
});

const databaseUrl = process.env.DATABASE_URL;
const describePg = databaseUrl ? describe : describe.skip;
describePg(`a production start on PostgreSQL${databaseUrl ? '' : ' skipped: DATABASE_URL is not set'}`, () => {
  const name = `t_migrate_${randomBytes(5).toString('hex')}`;
  const url = databaseUrl ? Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString() : '';
  const admin = () => new pg.Client({ connectionString: databaseUrl });
  const production = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: url,
    GATEWAY_BASE_URL: 'https://gateway.example',
    MERCHANT_ID: '900001',
    ACCOUNT_ID: '900001001',
    SIGN_KEY: 'sk_live_T3st0nly9Qx2Vm7K',
    SHOP_SECRET: 'shop_T3st0nly_r7Kp2Vx9Qm4Zt8Lw1Ns6',
    TOKEN_KEY: 'token-key-test-only-0123456789abcdef',
    PUBLIC_URL: 'https://pay.example',
    ALLOWED_ORIGINS: 'https://shop.example',
  };
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('refuses an unmigrated database with a clear message, and starts once `npm run migrate` ran', async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();

    const refused = await run('server/main.ts', production);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('refusing to start, the database is not migrated');
    expect(refused.out).toContain('npm run migrate');

    const migrated = await run('scripts/migrate.ts', { DATABASE_URL: url });
    expect(migrated.code, migrated.out).toBe(0);
    const started = await run('server/main.ts', production, /merchant backend listening/);
    expect(started.out).toContain('merchant backend listening');
    expect(started.code, started.out).toBe(0);
  });
});
