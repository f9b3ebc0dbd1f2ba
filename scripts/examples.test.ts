/**
 * The Python and PHP shop-server examples (examples/python, examples/php; issue #34), run as a shop developer runs
 * them, against a backend and the gateway sandbox: each example creates a session with the shop key, the shopper
 * pays it with a test card, the backend pushes the real signed order events to the example's endpoint, and the
 * example verifies them and reads the order before shipping. The example's own answers and output are what is
 * judged; a fault-free proxy between the example and the backend shows which calls it really made. Events signed
 * here with a tampered body, an old or future timestamp, a wrong secret or no header at all must each be refused.
 * A missing interpreter fails the file, naming the package to install (the CI script installs php-cli).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payByCard } from '../server/gateway/testing/playShopper';
import { startShopEventWorker } from '../server/shopEvents';
import { startBackend, type Backend } from '../server/testing/startBackend';
import type { CreateSessionResponse } from '../shared/contract/session';
import { admin, orderIn } from '../testing/adminClient';
import { type FaultProxy, startFaultProxy } from '../testing/faultProxy';
import { freePort } from '../testing/freePort';
import { callJson, followReturn, startPayment } from '../testing/shopClient';
import { startSandbox, type Sandbox } from '../testing/startSandboxInProcess';

const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));
const README = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');

/** The README's code block in `language` (section "Your server"), or a failure saying it is gone. */
function readmeSnippet(language: string): string {
  const block = new RegExp(`\n\`\`\`${language}\n([\\s\\S]*?)\n\`\`\`\n`).exec(README);
  if (!block) throw new Error(`README.md has no ${language} block in "Your server"`);
  return block[1]!;
}

interface Example {
  language: string;
  command: string;
  /** the package that provides `command` on Debian */
  debianPackage: string;
  args(port: number): string[];
  /**
   * A program around the README's snippet: reads `[{body, header}]` as JSON on stdin and prints, as JSON, for
   * each one "accepted" or "refused" (EVENTS_SECRET in its environment)
   */
  snippetHarness(snippet: string): string[];
}

const EXAMPLE_RUNS: Example[] = [
  {
    language: 'python',
    command: 'python3',
    debianPackage: 'python3',
    args: () => ['shop.py'],
    snippetHarness: (snippet) => [
      '-c',
      [
        'import hashlib, hmac, json, os, sys, time',
        'class SignatureError(Exception): pass',
        snippet,
        'def outcome(case):',
        '    try:',
        '        verify_event(case["body"].encode(), case["header"], os.environ["EVENTS_SECRET"])',
        '        return "accepted"',
        '    except SignatureError:',
        '        return "refused"',
        'print(json.dumps([outcome(case) for case in json.load(sys.stdin)]))',
      ].join('\n'),
    ],
  },
  {
    language: 'php',
    command: 'php',
    debianPackage: 'php-cli',
    args: (port) => ['-S', `127.0.0.1:${port}`, 'shop.php'],
    snippetHarness: (snippet) => {
      // the snippet reads the request and ends it; here each case stands for one request
      const body = "file_get_contents('php://input')";
      if (!snippet.includes(body) || !snippet.includes('exit;'))
        throw new Error(`the PHP snippet no longer reads ${body}`);
      const handler = snippet.replace(body, "$case['body']").replace('exit;', "return 'refused';");
      return [
        '-r',
        `$out = [];
        foreach (json_decode(stream_get_contents(STDIN), true) as $case) {
          unset($_SERVER['HTTP_CHECKOUT_SIGNATURE']);
          if ($case['header'] !== null) $_SERVER['HTTP_CHECKOUT_SIGNATURE'] = $case['header'];
          $out[] = (function () use ($case) { ${handler}\n return 'accepted'; })();
        }
        echo json_encode($out);`,
      ];
    },
  },
];

const FAST_EVENTS = {
  SHOP_EVENTS_POLL_MS: '100',
  SHOP_EVENTS_RETRY_BASE_MS: '50',
  SHOP_EVENTS_RETRY_MAX_MS: '200',
  SHOP_EVENTS_TIMEOUT_MS: '5000',
};

/** An example server as a child process, its stdout and stderr kept line by line. */
interface RunningExample {
  url: string;
  lines: string[];
  /** waits for a line matching `pattern` and returns its match */
  line(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): void;
}

async function runExample(example: Example, port: number, env: Record<string, string>): Promise<RunningExample> {
  const lines: string[] = [];
  const child: ChildProcess = spawn(example.command, example.args(port), {
    cwd: `${EXAMPLES}${example.language}`,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = '';
  child.on('exit', (code, signal) => {
    exited = `exited (${code ?? signal})`;
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
    });
  }
  const line = async (pattern: RegExp, timeoutMs = 20_000) => {
    try {
      return await vi.waitFor(
        () => {
          const found = lines.map((l) => l.match(pattern)).find((m) => m);
          if (!found) throw new Error(exited || 'not yet');
          return found;
        },
        { timeout: timeoutMs, interval: 25 },
      );
    } catch (e) {
      throw new Error(
        `${example.language} example: no line matching ${pattern} (${(e as Error).message}); its output:\n${lines.join('\n')}`,
      );
    }
  };
  // python prints "shop listening on ...", PHP's built-in server "Development Server (...) started"
  await line(/shop listening on|Development Server .* started/);
  return { url: `http://127.0.0.1:${port}`, lines, line, stop: () => child.kill() };
}

/** `Checkout-Signature` for `body` as the backend writes it, computed here with literal HMAC code. */
function sign(body: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describe.each(EXAMPLE_RUNS)('the $language shop-server example', (example) => {
  let backend: Backend;
  let worker: { stop(): Promise<void> };
  let proxy: FaultProxy;
  let shop: RunningExample;
  let secret: string;
  let endpointId: string;
  let session: CreateSessionResponse;

  beforeAll(async () => {
    const found = spawnSync(example.command, ['--version'], { encoding: 'utf8' });
    if (found.error) {
      throw new Error(
        `${example.command} is not installed, so the ${example.language} example cannot run: install it ` +
          `(apt-get install -y ${example.debianPackage}; .ci/run does it on CI)`,
      );
    }
    backend = await startBackend({ gatewayUrl: sandbox.url, env: FAST_EVENTS });
    worker = startShopEventWorker(backend.deps);
    proxy = await startFaultProxy({ target: backend.url });
    // the endpoint needs the example's URL and the example needs the endpoint's secret: the port is chosen first
    const port = await freePort();
    const created = await admin(backend, '/shop-endpoints', {
      body: { url: `http://127.0.0.1:${port}/checkout-events` },
    });
    expect(created.status).toBe(201);
    secret = created.body.secret;
    endpointId = created.body.endpoint.id;
    shop = await runExample(example, port, {
      CHECKOUT_URL: proxy.url,
      CHECKOUT_KEY: backend.config.shopSecret,
      EVENTS_SECRET: secret,
    });
  });
  afterAll(async () => {
    shop?.stop();
    await worker?.stop();
    await proxy?.close();
    await backend?.close();
  });

  it('creates a checkout session with the shop key and hands the page its id and client secret', async () => {
    const res = await callJson(`${shop.url}/checkout`, { method: 'POST', body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    session = res.body;
    expect(session).toMatchObject({ id: expect.stringMatching(/^ses_/), client_secret: expect.any(String) });
    expect(proxy.calls.get('POST /api/sessions')).toBe(1);
    await shop.line(new RegExp(`session ${session.id} created for order ${session.order_no}`));
    // the backend has it, for the amount the example's server decided
    const held = await callJson(`${backend.url}/api/sessions/${session.id}`, {
      headers: { Authorization: `Bearer ${backend.config.shopSecret}` },
    });
    expect(held.body).toMatchObject({ status: 'open', order_no: session.order_no, amount: '25.00', currency: 'USD' });
  });

  it("sends the cart's id as the Idempotency-Key: the same cart checked out twice is one session, the second a replay", async () => {
    const cartId = `${example.language}-${Date.now()}`;
    const first = await callJson(`${shop.url}/checkout`, { method: 'POST', body: { cart_id: cartId } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await shop.line(new RegExp(`session ${first.body.id} created for order ${first.body.order_no}`));
    const again = await callJson(`${shop.url}/checkout`, { method: 'POST', body: { cart_id: cartId } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual(first.body);
    await shop.line(new RegExp(`session ${first.body.id} replayed for order ${first.body.order_no}`));
    // another cart is another session
    const other = await callJson(`${shop.url}/checkout`, { method: 'POST', body: { cart_id: `${cartId}-b` } });
    expect(other.body.id).not.toBe(first.body.id);
    await shop.line(new RegExp(`session ${other.body.id} created for order ${other.body.order_no}`));
  });

  it('verifies the events the backend pushes, reads the order and ships it once paid', async () => {
    const orderNo = session.order_no;
    const started = await startPayment(backend, session, 'card');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const frame = await fetch(started.body.action.url as string);
    await followReturn(await payByCard(await frame.text(), '4242424242424242'));
    await orderIn(backend, orderNo, 'authorised');
    await shop.line(/verified order\.authorised evt_/);
    const captured = await admin(backend, '/orders/capture', { body: { orders: [{ order_no: orderNo }] } });
    expect(captured.status).toBe(200);

    const [, paidEventId] = await shop.line(/verified order\.paid (evt_\S+)/);
    await shop.line(new RegExp(`order ${orderNo} is paid \\(25\\.00 USD\\)`));
    await shop.line(new RegExp(`shipping order ${orderNo}`));
    // it read the order from the backend (the event's copy alone is not the truth), once per event
    expect(proxy.calls.get(`GET /api/orders/${orderNo}`)).toBe(2);
    // the events it verified are the backend's own, and each delivery was answered 2xx
    const pulled = await callJson(`${backend.url}/api/events?limit=100`, {
      headers: { Authorization: `Bearer ${backend.config.shopSecret}` },
    });
    const paid = pulled.body.events.find((e: { type: string }) => e.type === 'order.paid');
    expect(paid.id).toBe(paidEventId);
    // the backend records each answer a moment after the example printed its lines
    await vi.waitFor(async () => {
      const deliveries = await admin(
        backend,
        `/shop-endpoints/deliveries?endpoint_id=${endpointId}&order_no=${orderNo}`,
      );
      expect(deliveries.body.deliveries.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered']);
    });
  });

  it("verifies the owner's test event", async () => {
    const sent = await admin(backend, `/shop-endpoints/${endpointId}/test`, { method: 'POST' });
    expect(sent.status).toBe(202);
    await shop.line(new RegExp(`verified endpoint\\.test ${sent.body.event_id}`));
  });

  it("the README's snippet accepts what the backend signs and refuses the rest", async () => {
    const body = JSON.stringify({ id: 'evt_readme', type: 'endpoint.test', created_at: new Date().toISOString() });
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      signed: sign(body, secret),
      'signed twice during a roll': `${sign(body, 'whsec_old', now)},${sign(body, secret, now).split(',')[1]}`,
      tampered: sign(body.replace('endpoint.test', 'order.paid'), secret),
      'signed 6 minutes ago': sign(body, secret, now - 360),
      'another secret': sign(body, 'whsec_not_yours'),
      'no signature': null,
    };
    const run = spawnSync(example.command, example.snippetHarness(readmeSnippet(example.language)), {
      input: JSON.stringify(Object.values(cases).map((header) => ({ body, header }))),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, EVENTS_SECRET: secret },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(Object.fromEntries(Object.keys(cases).map((what, i) => [what, JSON.parse(run.stdout)[i]]))).toEqual({
      signed: 'accepted',
      'signed twice during a roll': 'accepted',
      tampered: 'refused',
      'signed 6 minutes ago': 'refused',
      'another secret': 'refused',
      'no signature': 'refused',
    });
  });

  it('refuses a tampered body, a timestamp outside 5 minutes, a wrong secret or no signature, reading nothing', async () => {
    const orderNo = session.order_no;
    const body = JSON.stringify({
      id: 'evt_signed_here',
      type: 'order.paid',
      created_at: new Date().toISOString(),
      order: { order_no: orderNo, status: 'paid', amount: '25.00', currency: 'USD' },
    });
    const post = (payload: string, signature?: string) =>
      fetch(`${shop.url}/checkout-events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signature ? { 'Checkout-Signature': signature } : {}) },
        body: payload,
      });
    const now = Math.floor(Date.now() / 1000);
    const readsBefore = proxy.calls.get(`GET /api/orders/${orderNo}`);
    const refused: [string, Response][] = [
      ['tampered amount', await post(body.replace('"25.00"', '"2500.00"'), sign(body, secret))],
      ['signed 6 minutes ago', await post(body, sign(body, secret, now - 360))],
      ['signed 6 minutes ahead', await post(body, sign(body, secret, now + 360))],
      ['another secret', await post(body, sign(body, 'whsec_not_yours'))],
      ['no signature', await post(body)],
      ['a malformed header', await post(body, 'v1=abc')],
    ];
    for (const [what, res] of refused) expect(res.status, what).toBe(400);
    // each refusal is printed a moment after its answer (the output is a pipe)
    await vi.waitFor(() =>
      expect(shop.lines.filter((l) => l.includes('refused an event'))).toHaveLength(refused.length),
    );
    expect(shop.lines.join('\n')).not.toContain('evt_signed_here');
    expect(proxy.calls.get(`GET /api/orders/${orderNo}`)).toBe(readsBefore);

    // the same body signed here as the backend signs it passes: the refusals above are the example's, not ours
    const accepted = await post(body, sign(body, secret));
    expect(accepted.status).toBe(204);
    await shop.line(/verified order\.paid evt_signed_here/);
    // during a secret roll the backend signs with the old and the new secret: one matching v1 is enough
    const rolled = await post(body, `${sign(body, 'whsec_old', now)},${sign(body, secret, now).split(',')[1]}`);
    expect(rolled.status).toBe(204);
  });
});
