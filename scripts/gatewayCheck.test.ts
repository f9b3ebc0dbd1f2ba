/**
 * `gateway check` (issue #31) against a sandbox that speaks ANOTHER profile than the backend's, as a real account
 * may: it signs checkouts over one more field, and reads capture bodies only as `application/json`. The check must
 * fail naming the profile key to change, and pass once the backend's profile says the same. `--watch` reads a
 * notification in the published sample schema's field names (docs/gateway-evidence.md 8), written here as literal
 * values and signed by hand, and one the sandbox sends after its test order is paid with a test card.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payByCard } from '../server/gateway/testing/playShopper';
import { runCli } from '../testing/runCli';
import { startSandboxProcess, type RunningSandbox } from '../testing/startSandboxProcess';
import { checkGateway, readGatewayCheckArgs } from './cli/checkGateway';

/** What the sandbox's account signs and reads differently from the defaults the backend starts with. */
const SANDBOX_PROFILE = {
  signatures: {
    checkout: ['merchant_id', 'account_id', 'order_no', 'currency', 'amount', 'return_url', 'shopper_email'],
  },
  contentTypes: { capture: 'application/json' },
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-check-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, json: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(json));
  return path;
}

/** `gateway check` in this process, its output kept; resolves with the exit code once it ends. */
function check(env: Record<string, string>, args: string[]) {
  const lines: string[] = [];
  const usage = (m: string) => new Error(m);
  const done = checkGateway(env, readGatewayCheckArgs(args, usage), (text) => lines.push(...text.split('\n')));
  return {
    done,
    lines,
    text: () => lines.join('\n'),
    /** the watch address, once it listens */
    url: () =>
      vi.waitFor(
        () => {
          const line = lines.find((l) => l.startsWith('watching for notifications at '));
          expect(line, lines.join('\n')).toBeDefined();
          return /at (http:\S+) /.exec(line!)![1]!;
        },
        { timeout: 20_000, interval: 20 },
      ),
  };
}

describe('gateway check against a sandbox with another profile', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ profileFile: file('sandbox-profile.json', SANDBOX_PROFILE) });
  });
  afterAll(() => sandbox?.close());

  it('fails naming signatures.checkout and contentTypes.capture when they differ, and passes once they do not', async () => {
    const differ = await runCli(['gateway', 'check'], { ...process.env, GATEWAY_BASE_URL: sandbox.url });
    expect(differ.stdout).toContain('✓ query:');
    expect(differ.stdout).toMatch(
      /✗ payment signature: the gateway refused the signature \(I0013\) while it accepted an earlier one made with the same key: the profile's signatures\.checkout field list differs/,
    );
    expect(differ.stdout).toMatch(/✗ capture body: .*I0059.*the profile's contentTypes\.capture is probably wrong/);
    expect(differ.stdout).toMatch(/✓ cancel body: the JSON body sent as application\/x-www-form-urlencoded was read/);
    expect(differ.stdout).toMatch(/– APM signature: not tried: .*--apm/);
    expect(differ.stdout).toContain('some checks failed');
    // every failure names the profile key or the variable to change
    for (const line of differ.stdout.split('\n').filter((l) => l.startsWith('✗')))
      expect(line).toMatch(/signatures\.|contentTypes\.|GATEWAY_|SIGN_KEY|MERCHANT_ID|--apm/);
    expect(differ.code).toBe(1);

    const same = check(
      { GATEWAY_BASE_URL: sandbox.url, GATEWAY_PROFILE_FILE: file('backend-profile.json', SANDBOX_PROFILE) },
      ['--apm', 'PIX'],
    );
    expect(await same.done).toBe(0);
    expect(same.text()).toMatch(
      /✓ payment signature: the gateway took the signed test order CHECK-\w+-PAY \(1\.00 USD\)/,
    );
    expect(same.text()).toMatch(/✓ APM signature: the gateway took the signed PIX test order/);
    expect(same.text()).toMatch(/✓ capture body: the JSON body sent as application\/json was read/);
    expect(same.text()).not.toContain('✗');
    expect(same.text()).toContain('all checks passed');
  }, 60_000);

  it('names --apm when the account does not take the APM', async () => {
    const run = check({ GATEWAY_BASE_URL: sandbox.url, GATEWAY_PROFILE_FILE: file('same.json', SANDBOX_PROFILE) }, [
      '--apm',
      'NOPE',
    ]);
    expect(await run.done).toBe(1);
    expect(run.text()).toMatch(/✗ APM signature: the gateway does not take this payment method .*I0092.*--apm/);
  });
});

describe('gateway check --watch', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandboxProcess();
  });
  afterAll(() => sandbox?.close());

  /** The published sample schema's fields (docs/gateway-evidence.md 8), in its order, with literal values. */
  const sample: [string, string][] = [
    ['merchant_id', '701001'],
    ['account_id', '701001010'],
    ['transaction_id', '1379868618653958144'],
    ['order_no', '1731469069933'],
    ['amount', '10.36'],
    ['currency', 'USD'],
    ['order_status', '3000'],
    ['error_code', '0000'],
    ['result_info', 'Success'],
    ['webhooks_type', 'Payment'],
  ];
  /** signed by hand over the sample's first seven values in its own order, amount before currency */
  const signature = createHash('sha256')
    .update('70100170100101013798686186539581441731469069933' + '10.36USD3000' + 'sk_sandbox_701001010')
    .digest('hex');
  const post = (url: string) =>
    fetch(url, { method: 'POST', body: new URLSearchParams([...sample, ['encryption_data', signature]]) });

  it('reads a sample-schema notification, says what the profile misses and prints the lines that would read it', async () => {
    const run = check({ GATEWAY_BASE_URL: sandbox.url }, ['--watch', '--port', '0', '--timeout', '30']);
    const res = await post(await run.url());
    expect([res.status, await res.text()]).toEqual([200, 'success']);
    expect(await run.done).toBe(1);
    const text = run.text();
    expect(text).toContain('notification 1: POST / from 127.0.0.1, application/x-www-form-urlencoded, 11 fields');
    // field names, values masked but the coded ones
    expect(text).toMatch(/ {2}transaction_id +13…44 \(19 chars\) +read as transactionId/);
    expect(text).toMatch(/ {2}order_status +"3000" +read as status/);
    expect(text).toMatch(/ {2}encryption_data +[0-9a-f]{2}…[0-9a-f]{2} \(64 chars\) +the signature/);
    expect(text).not.toContain('1379868618653958144');
    expect(text).toContain('✓ type: webhooks_type "Payment" is a payment notification (notificationTypes)');
    expect(text).toContain('status <- order_status');
    expect(text).toContain('code <- error_code, text <- result_info');
    expect(text).toContain('✓ status: order_status "3000" means paid (statuses)');
    expect(text).toContain(
      '✗ signature: does not verify over signatures.notification (merchant_id, account_id, transaction_id, order_no, currency, amount, payment_status); it does over (merchant_id, account_id, transaction_id, order_no, amount, currency, order_status)',
    );
    expect(text).toContain(
      '    "signatures": {"notification":["merchant_id","account_id","transaction_id","order_no","amount","currency","order_status"]}',
    );
    expect(text).toContain('some checks failed');

    // the lines it printed, as the backend's profile file: the same notification is read and verified
    const suggested = JSON.parse(
      text.slice(text.indexOf('  {', text.indexOf('a GATEWAY_PROFILE_FILE')), text.lastIndexOf('}') + 1),
    ) as unknown;
    const again = check({ GATEWAY_BASE_URL: sandbox.url, GATEWAY_PROFILE_FILE: file('suggested.json', suggested) }, [
      '--watch',
      '--port',
      '0',
      '--timeout',
      '30',
    ]);
    await post(await again.url());
    expect(await again.done, again.text()).toBe(0);
    expect(again.text()).toContain(
      '✓ signature: verifies over signatures.notification (merchant_id, account_id, transaction_id, order_no, amount, currency, order_status)',
    );
    expect(again.text()).not.toContain('✗');
  });

  it('pays its test order on the gateway page with a test card, and reads the notification that follows', async () => {
    const run = check({ GATEWAY_BASE_URL: sandbox.url }, ['--watch', '--port', '0', '--timeout', '30']);
    const url = await run.url();
    const page = await fetch(`${url}pay`);
    expect(page.status).toBe(200);
    // the demo account captures by hand: the card is authorised, and the gateway says so to the test order's notify_url
    await payByCard(await page.text(), '4242424242424242');
    expect(await run.done, run.text()).toBe(0);
    expect(run.text()).toMatch(/✓ type: notify_type "PAYMENT" is a payment notification/);
    expect(run.text()).toContain('✓ status: payment_status "2000" means authorised (statuses)');
    expect(run.text()).toContain('✓ signature: verifies over signatures.notification');
    expect(run.text()).toContain('all checks passed.');
  });

  it('stops after its timeout when nothing arrives, naming where the gateway sends notifications', async () => {
    const run = check({ GATEWAY_BASE_URL: sandbox.url }, ['--watch', '--port', '0', '--timeout', '0.2']);
    expect(await run.done).toBe(1);
    expect(run.text()).toMatch(/✗ watch: no notification arrived in 0\.2 s: .*PUBLIC_URL/);
  });

  it('refuses options it cannot use', () => {
    const read = (args: string[]) => () => readGatewayCheckArgs(args, (m) => new Error(m));
    expect(read(['--count', '0'])).toThrow('--count must be a whole number from 1 to 1000');
    expect(read(['--port', '70000'])).toThrow('--port must be a whole number from 0 to 65535');
    expect(read(['--timeout', 'soon'])).toThrow('--timeout must be a number of seconds above 0');
    expect(read(['--notify-url', 'hooks'])).toThrow('--notify-url must be an absolute URL');
    expect(read(['--watch', '--wait'])).toThrow(/Unknown option '--wait'/);
  });
});
