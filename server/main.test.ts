import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tempDir = mkdtempSync(join(tmpdir(), 'merchant-main-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** Runs `server/main.ts` as `npm run server` does, with only `env` (plus PATH) in its environment. */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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

  it('starts with the demo defaults on SQLite, answers health, and stops on SIGTERM', async () => {
    const run = runMain({ PORT: '0', SQLITE_FILE: join(tempDir, 'merchant.db'), RECONCILE_INTERVAL_MS: '60000' });
    try {
      const deadline = Date.now() + 20_000;
      let url: string | undefined;
      while (!url && Date.now() < deadline && run.child.exitCode === null) {
        url = /"url":"(http:\/\/[^"]+)"/.exec(run.out())?.[1];
        if (!url) await new Promise((r) => setTimeout(r, 50));
      }
      expect(url, run.err()).toBeDefined();
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
