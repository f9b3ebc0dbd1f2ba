import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliInProcess } from '../testing/runCli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personCall, signInPerson } from '../testing/people';
import { startBackendProcess, type BackendProcess } from '../testing/startBackendProcess';

function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCliInProcess(args, { ...process.env, DATABASE_URL: '', ...env });
}

/** The first owner, before anyone can sign in: the command works on the backend's own database. */
describe('npm run cli -- users', () => {
  let dir: string;
  let backend: BackendProcess;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cli-users-'));
    env = { SQLITE_FILE: join(dir, 'merchant.db') };
    backend = await startBackendProcess({ gatewayUrl: 'http://127.0.0.1:9', logFile: join(dir, 'backend.log'), env });
    env.PUBLIC_URL = backend.url;
  }, 60_000);
  afterAll(async () => {
    await backend?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('users add prints a link that sets a password once; reset-password prints a new one', async () => {
    const added = await cli(['users', 'add', '--role', 'owner', '--email', 'First@Shop.test'], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const url = /(http\S+\/admin\/#\/welcome\?token=\S+)/.exec(added.stdout)?.[1];
    expect(url, added.stdout).toMatch(new RegExp(`^${backend.url}/admin/#/welcome\\?token=sil_`));
    const token = new URLSearchParams(url!.split('?')[1]).get('token');

    const password = 'the first owner password';
    expect((await personCall(backend.url, null, '/welcome', { body: { token, password } })).status).toBe(200);
    expect((await personCall(backend.url, null, '/welcome', { body: { token, password } })).status).toBe(400);
    const signedIn = await signInPerson(backend.url, { email: 'first@shop.test', password });
    expect(signedIn.body).toMatchObject({ kind: 'user', role: 'owner', label: 'first@shop.test' });

    const again = await cli(['users', 'add', '--role', 'owner', '--email', 'first@shop.test'], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('email: a user with this e-mail exists');
    const wrong = await cli(['users', 'add', '--role', 'boss', '--email', 'x@shop.test'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--role: must be one of owner, finance, support, viewer');

    const reset = await cli(['users', 'reset-password', '--email', 'first@shop.test'], env);
    expect(reset.code).toBe(0);
    expect((await personCall(backend.url, signedIn.cookie, '/me')).status, 'sessions end on a reset').toBe(401);
    expect((await signInPerson(backend.url, { email: 'first@shop.test', password })).status).toBe(401);
    const newToken = new URLSearchParams(reset.stdout.split('?')[1]?.trim()).get('token');
    const newPassword = 'a new owner password';
    expect(
      (await personCall(backend.url, null, '/welcome', { body: { token: newToken, password: newPassword } })).status,
    ).toBe(200);
    expect((await signInPerson(backend.url, { email: 'first@shop.test', password: newPassword })).status).toBe(200);
  });
});
