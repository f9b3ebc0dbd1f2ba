/**
 * The packages' proof (issue #34): `npm pack` @checkout/js, @checkout/react and @checkout/node, install the
 * tarballs into three fresh projects in a temp folder (shopProjects.ts: a Vite React app, a Node server, a
 * TypeScript project), type-check them (Bundler and NodeNext resolution), build the app with Vite, and pay with the
 * test card in Chromium on the shop's own origin against the real backend and sandbox, while the shop's server
 * verifies the events the backend pushes with @checkout/node. Offline (shopProjects.ts says how), in a temp folder
 * removed afterwards, within three minutes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerShopEndpoint } from '../../scripts/registerShopEndpoint';
import { orderIn } from '../../testing/adminClient';
import { freePort } from '../../testing/freePort';
import { saveScreenshot } from '../harness/artifacts';
import { CARDS, cardFrame, expectOutcome, fillShopper, payButton, payInCardFrame, widget } from '../harness/shopper';
import { useSystem } from '../harness/useSystem';
import { run, type ShopProjects, writeShopProjects } from './shopProjects';

const ROOT = resolve(import.meta.dirname, '../..');
/** The bounds of the two parts: packing, installing, checking and building; then the payment. */
const PROOF_MS = 150_000;
const PAY_MS = 60_000;
const EVENTS_SECRET = `whsec_${'packages0123456789'.repeat(2)}`;

const shopPort = await freePort();
const shopOrigin = `http://localhost:${shopPort}`;
const dir = mkdtempSync(join(tmpdir(), 'checkout-packages-'));

/** Stops what is still running (an npm, a tsc) when the file ends early, e.g. on a time-out. */
const stop = new AbortController();
const { signal } = stop;

/** Packs, installs, checks and builds (after the system has started: both at once starve the backend's start). */
async function prepare() {
  await run('npm', ['run', 'build:packages'], { cwd: ROOT, signal });
  const workspaces = ['@checkout/js', '@checkout/react', '@checkout/node'].flatMap((w) => ['-w', w]);
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, ...workspaces], { cwd: ROOT, signal });
  const tarballs = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
  const projects = await writeShopProjects(dir, signal);
  // the app: @checkout/js, /react and /node under Bundler; the types project: @checkout/node under NodeNext
  const tsc = (cwd: string) => run('node_modules/.bin/tsc', ['-p', 'tsconfig.json'], { cwd, signal });
  await Promise.all([
    tsc(projects.app),
    tsc(projects.types),
    run('node_modules/.bin/vite', ['build'], { cwd: projects.app, signal }),
  ]);
  return { projects, tarballs };
}

const env = useSystem({ name: 'packages', backendEnv: { ALLOWED_ORIGINS: shopOrigin } });
let prepared: { projects: ShopProjects; tarballs: string[] } | undefined;
beforeAll(async () => {
  prepared = await prepare();
}, PROOF_MS);

let shop: ChildProcess | undefined;
afterAll(async () => {
  stop.abort();
  shop?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** `node server.mjs` of the shop's server project, once it says it listens. */
function startShop(projects: ShopProjects): Promise<ChildProcess> {
  const { backend, shopSecret } = env.system;
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: projects.server,
    env: {
      PATH: process.env.PATH ?? '',
      BACKEND_URL: backend.url,
      SHOP_KEY: shopSecret,
      EVENTS_SECRET,
      PORT: String(shopPort),
      APP_DIR: join(projects.app, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('shop listening')) resolveStart(child);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the shop's server exited (${code}): ${output}`)));
  });
}

describe('the packages, installed from their tarballs into fresh projects', () => {
  it(
    'type-check, build, and pay with 4242 4242 4242 4242 on a React shop whose server verifies the events',
    async () => {
      if (!prepared) throw new Error('the projects were not prepared (beforeAll failed?)');
      const { projects, tarballs } = prepared;
      expect(tarballs.sort()).toEqual(['checkout-js-0.1.0.tgz', 'checkout-node-0.1.0.tgz', 'checkout-react-0.1.0.tgz']);
      shop = await startShop(projects);
      const { backend, adminToken } = env.system;
      await registerShopEndpoint({
        baseUrl: backend.url,
        adminToken,
        url: `http://127.0.0.1:${shopPort}/hook`,
        types: ['order.authorised', 'order.paid'],
        secret: EVENTS_SECRET,
      });

      const { page } = await env.open();
      const scriptsAsked: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scriptsAsked.push(req.url());
      });
      await page.goto(`${shopOrigin}/`);
      const root = widget(page);
      await root.locator('form.ck-form').waitFor();
      // loadCheckout called twice (the module's top level, then a component) answered the same Checkout
      await expect.poll(() => page.locator('#loaded').innerText()).toBe('loaded, again: same');
      // @checkout/node/web signed and verified an event in the browser (no Node builtin in its bundle)
      await expect.poll(() => page.locator('#edge').innerText()).toBe('evt_edge');
      await fillShopper(root);
      await payButton(root).click();
      await payInCardFrame(cardFrame(root), CARDS.approved);
      await expectOutcome(root, 'paid');

      // onCompleted reached the app's state
      const [outcome, orderNo] = (await page.locator('#result').innerText()).split(' ');
      expect(outcome).toBe('paid');
      // StrictMode mounted, unmounted and mounted the form: one widget is left
      expect(await page.locator('.ck-root').count()).toBe(1);
      // the pinned loader, once, from the backend (SRI-checked by Chromium); not the default /widget.js
      const loaders = scriptsAsked.filter((u) => /\/widget(-[\w-]+)?\.js$/.test(u));
      expect(loaders).toHaveLength(1);
      expect(loaders[0]).toMatch(new RegExp(`^${backend.url}/widget-[\\w-]+\\.js$`));
      await orderIn(backend, orderNo!, 'authorised');

      // the shop's server verified the pushed event with both verifiers
      await expect
        .poll(async () => (await fetch(`${shopOrigin}/events`)).json(), { timeout: 30_000 })
        .toContainEqual(expect.objectContaining({ type: 'order.authorised', order_no: orderNo, async: true }));
      await saveScreenshot(page, 'packages-react-shop-paid');
    },
    PAY_MS,
  );
});
