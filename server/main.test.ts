import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './store';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tempDir = mkdtempSync(join(tmpdir(), 'merchant-main-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** Runs `server/main.ts` as `npm run server` does, with only `env` (plus PATH) in its environment. */
function runMain(env: Record<string, string>, options: { uid?: number; gid?: number } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('server/main.ts', () => {
  it('refuses to start in production on missing secrets and demo defaults, naming each variable', async () => {
    const run = runMain({ NODE_ENV: 'production', SHOP_SECRET: 'demo-shop-secret', PUBLIC_URL: 'http://pay.example' });
    expect(await run.exited).toBe(1);
    const err = run.err();
    expect(err).toContain('SIGN_KEY: must be set when NODE_ENV=production');
    expect(err).toContain('SHOP_SECRET: the demo default is refused');
    expect(err).toContain('PUBLIC_URL: the notify URL (PUBLIC_URL + /hooks/gateway) must be HTTPS');
  });

  it('starts with the demo defaults on SQLite, says so in one line, answers health, and stops on SIGTERM', async () => {
    const run = runMain({
      PORT: '0',
      SQLITE_FILE: join(tempDir, 'merchant.db'),
      RECONCILE_INTERVAL_MS: '60000',
      DEMO: '1',
    });
    try {
      const deadline = Date.now() + 20_000;
      let url: string | undefined;
      while (!url && Date.now() < deadline && run.child.exitCode === null) {
        url = /"url":"(http:\/\/[^"]+)"/.exec(run.out())?.[1];
        if (!url) await new Promise((r) => setTimeout(r, 50));
      }
      expect(url, run.err()).toBeDefined();
      // #33: whoever starts it learns, in one line, what runs that only a demo should
      const demoLines = run
        .out()
        .split('\n')
        .filter((line) => line.includes('demo-only'));
      expect(demoLines).toHaveLength(1);
      expect(JSON.parse(demoLines[0]!)).toMatchObject({
        level: 40,
        msg: 'merchant backend: demo-only, not for real payments: the demo shop at / and /demo/* (DEMO=1); the published demo values of ADMIN_TOKEN, SHOP_SECRET, SIGN_KEY, TOKEN_KEY',
      });
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', store: 'ok' });
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
  });
});

// #18: a database that cannot be reached or written gave a stack trace; an operator needs one line that names
// the database (never its password) and says what is wrong
describe('server/main.ts on a database it cannot use', () => {
  /** stderr's non-empty lines: exactly one JSON log line (#23: a log collector reads it), with no stack frame */
  const oneLine = (err: string) => {
    const lines = err.split('\n').filter((l) => l.trim() !== '');
    expect(lines, err).toHaveLength(1);
    expect(err).not.toMatch(/^\s+at /m);
    const entry = JSON.parse(lines[0]!) as { level: unknown; msg: string; time: string };
    expect(entry).toMatchObject({ level: 60, time: expect.any(String) });
    return entry.msg;
  };

  it('refuses an unreachable PostgreSQL in one line naming it, without the password', async () => {
    const run = runMain({ PORT: '0', DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/nothing' });
    expect(await run.exited).toBe(1);
    const line = oneLine(run.err());
    expect(line).toMatch(
      /^merchant backend: refusing to start, cannot open the database postgres:\/\/127\.0\.0\.1:1\/nothing: .*ECONNREFUSED/,
    );
    expect(line).not.toContain('hunter2');
  });

  // #33: a migrated file that cannot be written started, and served 503 from /readyz for as long as it ran
  it('refuses a migrated SQLite file it cannot write in one line naming the file and why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merchant-readonly-file-'));
    const file = join(dir, 'merchant.db');
    try {
      const store = await openStore({ kind: 'sqlite', file });
      await store.close();
      // every migration in the file itself, and no -wal or -shm left that only root could open
      const db = new Database(file);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      for (const extra of ['-wal', '-shm']) rmSync(`${file}${extra}`, { force: true });
      // the directory stays writable (SQLite may make its -wal and -shm files there); the file itself is not
      chmodSync(dir, 0o777);
      chmodSync(file, 0o444);
      const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const run = runMain({ PORT: '0', SQLITE_FILE: file, HOME: dir, LOG_LEVEL: 'silent' }, asUser);
      expect(await run.exited).toBe(1);
      expect(oneLine(run.err())).toMatch(
        new RegExp(
          `^merchant backend: refusing to start, cannot open the database ${file.replace(/[.]/g, '\\.')}: it takes no write \\(SQLITE_READONLY`,
        ),
      );
      expect(run.out()).not.toContain('merchant backend listening');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a SQLite file in a read-only directory in one line naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merchant-readonly-'));
    chmodSync(dir, 0o555);
    const file = join(dir, 'merchant.db');
    try {
      // root writes anywhere: run the backend as an unprivileged user so the directory really is read-only
      const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const run = runMain({ PORT: '0', SQLITE_FILE: file, HOME: dir }, asUser);
      expect(await run.exited).toBe(1);
      expect(oneLine(run.err())).toMatch(
        new RegExp(
          `^merchant backend: refusing to start, cannot open the database ${file.replace(/[.]/g, '\\.')}: \\S`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
