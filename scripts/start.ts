/**
 * `npm start`: the demo on one machine. Starts the gateway sandbox and then the merchant backend as two child
 * processes (neither imports the other: the sandbox stands in for the real gateway), points the backend at the
 * sandbox, and prints the URLs and the demo credentials. Ctrl-C (or SIGTERM) stops both; if either dies, the
 * other is stopped too and the exit code says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DEMO_DEFAULTS, loadConfig } from '../server/config';
import { openStore } from '../server/store/db';
import { ensureDemoOwner } from './cli/users';
import { DEMO_SHIP_ON } from '../server/demo/demoShopEvents';
import { registerShopEndpoint } from './registerShopEndpoint';

const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
const backendPort = process.env.PORT ?? '4000';
const host = '127.0.0.1';
mkdirSync('data', { recursive: true });

function start(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the demo`);
      stopAll(1);
    }
  });
  return child;
}

/** Resolves with the first stdout line matching `pattern`; echoes every line so logs stay visible. */
function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let found = false;
    lines.on('line', (line) => {
      process.stdout.write(`${line}\n`);
      const m = !found && line.match(pattern);
      if (m) {
        found = true;
        resolve(m);
      }
    });
    child.once('exit', () => found || reject(new Error(`${what} exited before it was ready`)));
  });
}

let stopping = false;
const children: ChildProcess[] = [];
function stopAll(code: number): void {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const sandbox = start('sandbox gateway', 'sandbox/main.ts', { SANDBOX_PORT: sandboxPort, SANDBOX_HOST: host });
children.push(sandbox);
const [, sandboxUrl] = await waitForLine(sandbox, /sandbox listening on (\S+)/, 'the sandbox');

const publicUrl = process.env.PUBLIC_URL ?? `http://${host}:${backendPort}`;
const backend = start('merchant backend', 'server/main.ts', {
  PORT: backendPort,
  HOST: host,
  GATEWAY_BASE_URL: sandboxUrl!,
  PUBLIC_URL: publicUrl,
  // the demo shop is served only when asked for (`npm run server` never asks)
  DEMO: '1',
});
children.push(backend);
await waitForLine(backend, /merchant backend listening/, 'the backend');
// the demo shop's server hears of authorised and paid orders the way a real shop's should: a signed event pushed to it
await registerShopEndpoint({
  baseUrl: `http://${host}:${backendPort}`,
  adminToken: process.env.ADMIN_TOKEN ?? DEMO_DEFAULTS.ADMIN_TOKEN,
  url: `${publicUrl}/demo/shop-events`,
  types: DEMO_SHIP_ON,
  secret: process.env.DEMO_SHOP_EVENTS_SECRET ?? DEMO_DEFAULTS.DEMO_SHOP_EVENTS_SECRET,
}).catch((error: Error) => console.error(`the demo shop will not receive order events: ${error.message}`));

// the backend has migrated its database by now; the demo owner goes into the same one
const store = await openStore(loadConfig({ ...process.env, NODE_ENV: 'development' }).database, { migrate: false });
const owner = await ensureDemoOwner(store).finally(() => store.close());

console.log(`
  Demo shop        ${publicUrl}/            pay with card 4242 4242 4242 4242, any future date, any CVC
  Admin page       ${publicUrl}/admin       ${owner.email} / ${owner.password}${owner.created ? '' : ' (unless changed since)'}
  Admin API        ${publicUrl}/admin/api   token: demo-admin-token
  Merchant API     ${publicUrl}/api         shop secret: demo-shop-secret
  Sandbox gateway  ${sandboxUrl}            merchant 701001, account 701001010, sign key sk_sandbox_701001010
  Test cards and APM buttons: sandbox/README.md. Data: ./data/. Ctrl-C stops everything.
`);
