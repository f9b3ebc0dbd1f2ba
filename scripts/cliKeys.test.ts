import { runCliInProcess } from '../testing/runCli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../server/testing/startBackend';

/** `npm run cli -- keys ...` as an owner runs it (through main() in this process: see cli.test.ts). */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // the caller's own credentials never leak in: each test says as whom it runs
  const { API_KEY: _, ADMIN_TOKEN: __, ...inherited } = process.env;
  return runCliInProcess(args, { ...inherited, ...env });
}

describe('npm run cli -- keys', () => {
  let backend: Backend;
  let env: Record<string, string>;
  beforeAll(async () => {
    backend = await startBackend();
    env = { ADMIN_URL: backend.url, ADMIN_TOKEN: backend.config.adminToken ?? '' };
  });
  afterAll(() => backend?.close());

  it('adds a key (printed once, alone on stdout), lists it by prefix, uses it, and revokes it by prefix', async () => {
    const added = await cli(['keys', 'add', '--role', 'owner', '--name', 'month-end script'], env);
    expect(added.code, added.stderr).toBe(0);
    const key = added.stdout.trim();
    expect(key).toMatch(/^ck_owner_[0-9A-Za-z]{38}$/);
    const prefix = key.slice(0, 'ck_owner_'.length + 8);
    expect(added.stderr).toContain(`created ${prefix} (owner, "month-end script")`);

    // the new key is the CLI's credential from now on (API_KEY wins over ADMIN_TOKEN)
    const asKey = { ADMIN_URL: backend.url, API_KEY: key, ADMIN_TOKEN: 'wrong' };
    const finance = await cli(['keys', 'add', '--role', 'finance', '--name', 'books'], asKey);
    expect(finance.code, finance.stderr).toBe(0);
    const listed = await cli(['keys', 'list'], asKey);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^prefix\s+role\s+name\s+created\s+last used\s+state\s+id$/);
    expect(lines.find((l) => l.startsWith(prefix))).toMatch(/owner\s+month-end script\s+\S+\s+\S+\s+active\s+key_/);
    expect(listed.stdout).not.toContain(key.slice(prefix.length));

    const revoked = await cli(['keys', 'revoke', prefix], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`revoked ${prefix}`);
    const refused = await cli(['keys', 'list'], asKey);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('the credential was refused');
  });

  it('says what is wrong with a command line (exit 2) or a request (the field, exit 2), and refuses a non-owner', async () => {
    const missing = await cli(['keys', 'add', '--role', 'finance'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('keys add needs --role ROLE and --name TEXT');
    expect((await cli(['keys', 'rotate'], env)).stderr).toContain('keys takes add, list or revoke');
    const badRole = await cli(['keys', 'add', '--role', 'admin', '--name', 'x'], env);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/role: must be one of owner, finance, support, viewer, shop/);
    const viewer = (await cli(['keys', 'add', '--role', 'viewer', '--name', 'dash'], env)).stdout.trim();
    const forbidden = await cli(['keys', 'list'], { ADMIN_URL: backend.url, API_KEY: viewer });
    expect(forbidden.code).toBe(3);
    expect(forbidden.stderr).toContain('forbidden: the viewer role may not do this (team.manage)');
    expect((await cli(['keys', 'revoke', 'ck_owner_nope'], env)).stderr).toContain('no API key ck_owner_nope');
  });
});
