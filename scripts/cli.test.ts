import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runCliInProcess } from '../testing/runCli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../testing/startSandboxInProcess';
import { sandboxApi } from '../testing/sandboxApi';
import { BULK_ENV, makeOrders, type MadeOrder } from '../server/testing/makeOrders';
import { startBackend, type Backend } from '../server/testing/startBackend';
import { admin, orderIn } from '../testing/adminClient';
import { parseCsv } from './cli/parseCsv';

/**
 * Runs a command line through the CLI's main() in this process, with this environment plus `env`: its output and
 * exit code as `npm run cli -- ...` gives them (the program itself is run once, at the end of this file).
 */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCliInProcess(args, { ...process.env, ...env });
}

describe('the admin command line', () => {
  let sandbox: Sandbox;
  let backend: Backend;
  let dir: string;
  let env: Record<string, string>;
  let orders: MadeOrder[];
  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({ gatewayUrl: sandbox.url, env: BULK_ENV });
    env = { ADMIN_URL: backend.url, ADMIN_TOKEN: backend.config.adminToken ?? '' };
    dir = mkdtempSync(join(tmpdir(), 'cli-'));
    orders = await makeOrders(backend, 3, 'paid');
  });
  afterAll(async () => {
    await backend?.close();
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refunds the orders of a spreadsheet and writes one result line per order', async () => {
    const input = join(dir, 'refunds.csv');
    const out = join(dir, 'results.csv');
    writeFileSync(
      input,
      '\ufeffOrder_No,Amount,Reason\r\n' +
        `${orders[0]!.order_no},10.00,"damaged, returned"\r\n` +
        `${orders[1]!.order_no},,\r\n` +
        `no-such-order,1.00,\r\n` +
        `${orders[2]!.order_no},"1.000,00",\r\n`,
    );
    const run = await cli(['refund', '--csv', input, '--out', out], env);
    expect(run.stderr).toContain('refund [');
    expect(run.stderr).toContain('3/3');
    expect(run.stderr).toContain('refund: 2 ok, 2 not done');
    expect(run.code).toBe(1);
    const [header, ...rows] = parseCsv(readFileSync(out, 'utf8'));
    expect(header).toEqual(['order_no', 'action', 'result', 'status', 'error_code', 'error_message']);
    expect(rows).toEqual([
      // the order's status when the gateway took the refund: it succeeds a moment later (asynchronous refunds)
      [orders[0]!.order_no, 'refund', 'ok', expect.stringMatching(/^(paid|partially_refunded)$/), '', ''],
      [orders[1]!.order_no, 'refund', 'ok', expect.stringMatching(/^(paid|refunded)$/), '', ''],
      ['no-such-order', 'refund', 'failed', '', 'I0115', expect.stringContaining('not found')],
      [
        orders[2]!.order_no,
        'refund',
        'not_sent',
        '',
        'invalid_row',
        expect.stringContaining('line 5: amount "1.000,00"'),
      ],
    ]);
    const detail = (await (
      await fetch(`${backend.url}/admin/api/orders/${orders[0]!.order_no}`, {
        headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}` },
      })
    ).json()) as { refunds: unknown[] };
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: '10.00', reason: 'damaged, returned' })]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', orders[2]!.gateway_order_no)).toBe(0);
    await orderIn(backend, orders[1]!.order_no, 'refunded');
  });

  it('syncs a date range to stdout, and exports orders', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const run = await cli(['sync', '--from', today, '--to', today], env);
    expect(run.code).toBe(0);
    const rows = parseCsv(run.stdout).slice(1);
    expect(rows.map((r) => r[0]).sort()).toEqual(orders.map((o) => o.order_no).sort());
    expect(rows.every((r) => r[2] === 'ok')).toBe(true);
    const exported = await cli(['orders', '--status', 'refunded'], env);
    expect(parseCsv(exported.stdout)).toEqual([
      [
        'order_no',
        'status',
        'amount',
        'currency',
        'captured',
        'refunded',
        'transaction_id',
        'email',
        'created_at',
        'updated_at',
      ],
      [
        orders[1]!.order_no,
        'refunded',
        '50.00',
        'BRL',
        '50.00',
        '50.00',
        orders[1]!.transaction_id,
        'ana@example.com',
        expect.any(String),
        expect.any(String),
      ],
    ]);
  });

  it('says what is wrong: a bad command, a missing file option, a refused token', async () => {
    const unknown = await cli(['refund-all'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "refund-all"');
    expect(unknown.stderr).toContain('npm run cli -- <command>');
    expect((await cli(['review'], env)).stderr).toContain('review needs --csv FILE');
    const refused = await cli(['orders'], { ...env, ADMIN_TOKEN: 'wrong-token' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('the credential was refused');
    // the backend's export route decides who may export (issue #32): a viewer's key may not
    const viewer = await admin(backend, '/keys', { method: 'POST', body: { name: 'viewer key', role: 'viewer' } });
    const forbidden = await cli(['orders'], { ...env, API_KEY: viewer.body.key });
    expect(forbidden.code).toBe(3);
    expect(forbidden.stderr).toContain('forbidden: the viewer role may not do this (orders.export)');
    expect(forbidden.stdout).toBe('');
  });

  it('manages the shop event endpoints: add prints the secret once, list, roll, test, remove', async () => {
    const added = await cli(['endpoints', 'add', '--url', 'http://127.0.0.1:9/events', '--types', 'order.paid'], env);
    expect(added.code).toBe(0);
    const secret = added.stdout.trim();
    expect(secret).toMatch(/^whsec_/);
    const listed = await cli(['endpoints', 'list'], env);
    expect(listed.stdout).toContain('http://127.0.0.1:9/events\torder.paid');
    expect(listed.stdout).not.toContain(secret);
    const id = listed.stdout.split('\t')[0]!;
    const rolled = await cli(['endpoints', 'roll', '--id', id, '--overlap-hours', '1'], env);
    expect(rolled.code).toBe(0);
    expect(rolled.stdout.trim()).toMatch(/^whsec_/);
    expect((await cli(['endpoints', 'list'], env)).stdout).toContain('2 secret(s)');
    expect(JSON.parse((await cli(['endpoints', 'test', '--id', id], env)).stdout).event_id).toMatch(/^evt_/);
    const badTypes = await cli(['endpoints', 'add', '--url', 'http://127.0.0.1:9/', '--types', 'order.shipped'], env);
    expect(badTypes.code).toBe(2);
    expect(badTypes.stderr).toContain('types.0');
    const noId = await cli(['endpoints', 'roll'], env);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain('endpoints roll needs --id');
    expect((await cli(['endpoints', 'remove', '--id', id], env)).code).toBe(0);
    expect((await cli(['endpoints', 'list'], env)).stdout).toBe('');
  });

  it('talks to the backend PORT names (as the backend reads it), or --backend / CHECKOUT_URL, and says which first', async () => {
    const port = new URL(backend.url).port;
    // the environment of a shell that started a second backend: no ADMIN_URL, no CHECKOUT_URL
    const { ADMIN_URL: _a, CHECKOUT_URL: _c, HOST: _h, PORT: _p, ...shell } = process.env;
    const asOwner = { ...shell, ADMIN_TOKEN: env.ADMIN_TOKEN! };
    const byPort = await runCliInProcess(['endpoints', 'list'], { ...asOwner, PORT: port });
    expect(byPort.stderr.split('\n')[0]).toBe(`backend: http://127.0.0.1:${port} (from PORT)`);
    expect(byPort.code).toBe(0);

    const byFlag = await runCliInProcess(
      ['endpoints', 'add', '--url', 'http://127.0.0.1:9/hook', '--backend', backend.url],
      {
        ...asOwner,
        PORT: '9',
      },
    );
    expect(byFlag.stderr.split('\n')[0]).toBe(`backend: ${backend.url} (from --backend)`);
    expect(byFlag.stdout).toContain('whsec_');
    expect(byFlag.code).toBe(0);
    const id = (await cli(['endpoints', 'list'], env)).stdout.split('\t')[0]!;
    expect((await cli(['endpoints', 'remove', '--id', id], env)).code).toBe(0);

    const byUrl = await runCliInProcess(['orders'], { ...asOwner, CHECKOUT_URL: `${backend.url}/` });
    expect(byUrl.stderr).toContain(`backend: ${backend.url} (from CHECKOUT_URL)`);
    expect(byUrl.code).toBe(0);

    // nothing is sent when the address is not one; a backend that is not there is named before the failure
    const typo = await runCliInProcess(['orders'], { ...asOwner, CHECKOUT_URL: '127.0.0.1:4001' });
    expect(typo.stderr).toContain('CHECKOUT_URL: "127.0.0.1:4001" is not a URL');
    expect(typo.code).toBe(2);
    const absent = await runCliInProcess(['orders'], { ...asOwner, PORT: '9' });
    expect(absent.stderr).toMatch(
      /^backend: http:\/\/127\.0\.0\.1:9 \(from PORT\)\nnetwork: the backend at http:\/\/127\.0\.0\.1:9 could not/,
    );
    expect(absent.code).toBe(3);
  });

  it('re-running a refund spreadsheet (its answers lost) refunds each row once, also with rows added', async () => {
    const [a, b, c] = await makeOrders(backend, 3, 'paid');
    const input = join(dir, 'partial.csv');
    const rows = `${a!.order_no},2.00,scratched\n${b!.order_no},3.00,late\n`;
    writeFileSync(input, `order_no,amount,reason\n${rows}`);
    const first = await cli(['refund', '--csv', input], env);
    expect(first.stderr).toContain('refund: 2 ok, 0 not done');
    // the owner never saw the results (the terminal closed) and runs the file again, then with a row added
    const again = await cli(['refund', '--csv', input], env);
    expect(again.stderr).toContain('refund: 2 ok, 0 not done');
    writeFileSync(input, `order_no,amount,reason\n${c!.order_no},1.00,dented\n${rows}`);
    expect((await cli(['refund', '--csv', input], env)).stderr).toContain('refund: 3 ok, 0 not done');
    const refunds = async (o: MadeOrder) =>
      ((await sandboxApi(sandbox.url).transaction(o.gateway_order_no)).refunds as { refund_amount: string }[]).map(
        (r) => r.refund_amount,
      );
    expect(await refunds(a!)).toEqual(['2.00']);
    expect(await refunds(b!)).toEqual(['3.00']);
    expect(await refunds(c!)).toEqual(['1.00']);
  });

  it('answers a wrong row by its CSV line (multi-line fields counted), and sends the rows that are right', async () => {
    const [a, b, c] = await makeOrders(backend, 3, 'paid');
    // the command runs where the owner is (npm run sets INIT_CWD to it), not in the package's folder
    writeFileSync(
      join(dir, 'mixed.csv'),
      'order_no,amount,reason\n' +
        `${a!.order_no},1.00,"two\nlines"\n` +
        `${b!.order_no},2.00,${'x'.repeat(51)}\n` +
        `${c!.order_no},3.00,fine\n`,
    );
    const run = await cli(['refund', '--csv', 'mixed.csv', '--out', 'mixed-results.csv'], { ...env, INIT_CWD: dir });
    expect(run.stderr).toContain('refund: 1 ok, 2 not done');
    expect(run.code).toBe(1);
    const [, ...rows] = parseCsv(readFileSync(join(dir, 'mixed-results.csv'), 'utf8'));
    expect(rows).toEqual([
      [a!.order_no, 'refund', 'not_sent', '', 'invalid_row', 'line 2: reason: must not contain control characters'],
      [b!.order_no, 'refund', 'not_sent', '', 'invalid_row', 'line 4: reason: must be at most 50 characters'],
      [c!.order_no, 'refund', 'ok', expect.any(String), '', ''],
    ]);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', b!.gateway_order_no)).toBe(0);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/refund', c!.gateway_order_no)).toBe(1);
  });
});

describe('the command line refuses a wrong file with one message and exit code 2', () => {
  let dir: string;
  // nothing is sent: the backend named here does not exist
  const env = () => ({ ADMIN_URL: 'http://127.0.0.1:9', INIT_CWD: dir });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-input-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const refused = async (args: string[], file: string | undefined, content: string | undefined, says: RegExp) => {
    if (file && content !== undefined) writeFileSync(join(dir, file), content);
    const run = await cli(args, env());
    expect(run.stderr, args.join(' ')).toMatch(says);
    expect(run.stderr, 'no stack trace').not.toMatch(/\n\s+at /);
    expect(run.stderr.trim().split('\n'), 'one message').toHaveLength(1);
    expect(run.stdout).toBe('');
    expect(run.code, args.join(' ')).toBe(2);
  };

  it('--help prints the usage and exits 0', async () => {
    const run = await cli(['--help'], env());
    expect(run.stdout).toContain('npm run cli -- <command>');
    expect(run.code).toBe(0);
  });

  it('a missing file, named with the folder it was looked for in', async () => {
    await refused(
      ['refund', '--csv', 'nope.csv'],
      undefined,
      undefined,
      new RegExp(`${join(dir, 'nope.csv')}.*not found`),
    );
  });

  it('a file without the header line', async () => {
    await refused(
      ['refund', '--csv', 'noheader.csv'],
      'noheader.csv',
      'ORD-1,10.00,damaged\n',
      /first line must name the columns.*order_no/,
    );
  });

  it('a column the command does not take (a misspelt amount would refund everything)', async () => {
    await refused(
      ['refund', '--csv', 'amout.csv'],
      'amout.csv',
      'order_no,amout\nORD-1,1.00\n',
      /unknown column "amout"/,
    );
  });

  it('a file separated by semicolons', async () => {
    await refused(['refund', '--csv', 'semi.csv'], 'semi.csv', 'order_no;amount;reason\nORD-1;10,00;x\n', /semicolons/);
  });

  it('an unquoted 1,500.00 that gives a row more fields than the header, by its line (not a refund of 1)', async () => {
    await refused(
      ['refund', '--csv', 'thousands.csv'],
      'thousands.csv',
      'order_no,amount\nORD-1,10.00\nORD-2,1,500.00\n',
      /thousands\.csv line 3: 3 fields where the first line names 2 columns.*"1,500\.00"/,
    );
  });

  it('a quote that is never closed, by the line it opens on', async () => {
    await refused(
      ['refund', '--csv', 'quote.csv'],
      'quote.csv',
      'order_no,amount,reason\nORD-1,1.00,fine\nORD-2,1.00,"broken\nORD-3,1.00,x\n',
      /quote\.csv line 3: .*quote.* never closed/,
    );
  });

  it('a payout file that is not JSON, and one that is missing', async () => {
    await refused(
      ['payout', '--json', 'p.json', '--key', 'k1'],
      'p.json',
      '{"amount": 10.00,',
      /p\.json is not valid JSON/,
    );
    await refused(['payout', '--json', 'none.json', '--key', 'k1'], undefined, undefined, /none\.json.*not found/);
  });
});

describe('gateway check', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox();
    dir = mkdtempSync(join(tmpdir(), 'gateway-check-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes against the sandbox with the demo account', async () => {
    const run = await cli(['gateway', 'check'], { GATEWAY_BASE_URL: sandbox.url });
    expect(run.stdout).toContain('✓ query: the address, the credentials');
    expect(run.stdout).toContain('✓ refund search:');
    expect(run.stdout).toContain('all checks passed');
    expect(run.code).toBe(0);
  });

  it('names the sign key when the signature is refused, and the profile key when a field list is wrong', async () => {
    const wrongKey = await cli(['gateway', 'check'], { GATEWAY_BASE_URL: sandbox.url, SIGN_KEY: 'sk_wrong' });
    expect(wrongKey.stdout).toMatch(/✗ query: .*I0013.*SIGN_KEY is wrong/);
    expect(wrongKey.stdout).toContain('some checks failed');
    expect(wrongKey.code).toBe(1);

    const profile = join(dir, 'profile.json');
    writeFileSync(profile, JSON.stringify({ signatures: { retrievalRefund: ['account_id', 'merchant_id'] } }));
    const wrongFields = await cli(['gateway', 'check'], {
      GATEWAY_BASE_URL: sandbox.url,
      GATEWAY_PROFILE_FILE: profile,
    });
    expect(wrongFields.stdout).toContain('✓ query');
    expect(wrongFields.stdout).toMatch(/✗ refund search: .*signatures\.retrievalRefund/);
    expect(wrongFields.code).toBe(1);

    writeFileSync(profile, JSON.stringify({ signatures: { query: ['merchant_id', 'foo'] } }));
    const invalid = await cli(['gateway', 'check'], { GATEWAY_BASE_URL: sandbox.url, GATEWAY_PROFILE_FILE: profile });
    expect(invalid.stdout).toContain('GATEWAY_PROFILE_FILE: signatures.query.1: unknown field "foo"');
    expect(invalid.code).toBe(1);
  });

  it('names the address when the gateway cannot be reached', async () => {
    const run = await cli(['gateway', 'check'], { GATEWAY_BASE_URL: 'http://127.0.0.1:9' });
    expect(run.stdout).toMatch(/✗ query: the gateway could not be reached .*GATEWAY_BASE_URL/);
    expect(run.code).toBe(1);
  });
});

describe('the program (`tsx scripts/cli.ts`, as `npm run cli` starts it)', () => {
  it('prints the usage for --help and exits 0; a wrong command exits 2 with its message and the usage', async () => {
    const [help, unknown] = await Promise.all([
      runCli(['--help'], process.env),
      runCli(['refund-all'], { ...process.env, ADMIN_URL: 'http://127.0.0.1:9' }),
    ]);
    expect(help.stdout).toContain('npm run cli -- <command>');
    expect(help.code).toBe(0);
    expect(unknown.stderr).toContain('unknown command "refund-all"');
    expect(unknown.stderr).toContain('npm run cli -- <command>');
    expect(unknown.code).toBe(2);
  });

  it('exits 3 when the backend cannot be reached', async () => {
    const run = await runCli(['orders'], { ...process.env, ADMIN_URL: 'http://127.0.0.1:9' });
    expect(run.stderr).toContain('network: the backend at http://127.0.0.1:9 could not be reached');
    expect(run.code).toBe(3);
  });
});
