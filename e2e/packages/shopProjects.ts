/**
 * The three fresh projects of e2e/packages/packages.test.ts, written into a temp folder as a shop developer would
 * write them, each installing the packages from the tarballs `npm pack` made:
 * - app: a Vite + React app (TypeScript, "moduleResolution": "Bundler") with @checkout/js and @checkout/react,
 *   rendered under StrictMode, which also runs @checkout/node/web in the browser: a runtime without Node's
 *   builtins, as an edge function's is;
 * - server: a Node server (plain ES modules) with @checkout/node: creates the session, serves the built app
 *   and verifies the events the backend pushes;
 * - types: a TypeScript project checking a shop server's use of @checkout/node under "NodeNext"; the app checks
 *   the same file under "Bundler".
 *
 * Mostly offline: npm finds the registry packages each project names (react, vite, typescript, ...) already in its
 * node_modules, linked to the repository's installed ones, and only unpacks the tarballs. It still wants each named
 * package's registry entry to check the tarballs' peer dependencies (react for @checkout/react): `--prefer-offline`
 * reads it from npm's cache, and asks the registry only where the cache lacks it, as on a fresh machine whose
 * `npm ci` fetched tarballs but no entries (`--offline` failed there with "ERESOLVE ... Found: react@undefined").
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
/** A command's output, or an error that holds all it printed (tsc prints its errors on stdout). */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; signal: AbortSignal },
): Promise<string> {
  try {
    return (await promisify(execFile)(command, args, options)).stdout;
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} in ${options.cwd} failed:\n${stdout}${stderr}`.slice(0, 4000));
  }
}

/** The version the repository has installed: the one npm then finds linked. */
const installed = (name: string): string =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const tarball = (name: 'js' | 'react' | 'node') => `file:../checkout-${name}-0.1.0.tgz`;

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Writes the project, links the registry packages it names, and installs the tarballs with npm, offline. */
async function project(
  dir: string,
  manifest: { dependencies: Record<string, string>; devDependencies?: Record<string, string> },
  links: readonly string[],
  files: Record<string, string>,
  signal: AbortSignal,
): Promise<void> {
  write(dir, {
    ...files,
    'package.json': JSON.stringify({ name: dir.split('/').pop(), private: true, type: 'module', ...manifest }, null, 2),
  });
  for (const name of links) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], {
    cwd: dir,
    signal,
  });
}

const APP_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>A shop on React</title></head>
  <body><main id="root"></main><script type="module" src="/src/main.tsx"></script></body>
</html>
`;

/**
 * The shop's checkout page. The shop's server puts the widget's pinned URL and SRI hash into meta tags; the
 * top-level loadCheckout names them, so @checkout/js loads that URL (and not its default /widget.js); a second
 * call in a component gets the same load.
 */
const APP_MAIN = `import { type CheckoutError, type CheckoutResult, loadCheckout } from '@checkout/js';
import { CheckoutForm, CheckoutProvider, useCheckout } from '@checkout/react';
import { signTestEvent, verifyShopEventAsync } from '@checkout/node/web';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(\`meta[name="\${name}"]\`)?.content ?? '';
const widget = { url: meta('checkout-widget'), integrity: meta('checkout-integrity') };
const checkoutPromise = loadCheckout(widget);
// once per page load, not per render (StrictMode runs effects twice)
const sessionPromise: Promise<{ id: string; client_secret: string }> = fetch('/session', { method: 'POST' }).then((r) =>
  r.json(),
);

// @checkout/node/web where there is no Node builtin: sign an event for a test, and verify it through Web Crypto
const edgeCheck = signTestEvent({ id: 'evt_edge', type: 'endpoint.test', created_at: new Date().toISOString() }, 'whsec_edge')
  .then(({ body, signature }) => verifyShopEventAsync(body, signature, 'whsec_edge'))
  .then(
    (event) => event.id,
    (e: Error) => \`failed: \${e.message}\`,
  );

function Loaded() {
  const checkout = useCheckout();
  const [again, setAgain] = useState('');
  useEffect(() => {
    if (checkout) void loadCheckout(widget).then((c) => setAgain(c === checkout ? 'same' : 'another'));
  }, [checkout]);
  return <p id="loaded">{checkout ? \`loaded, again: \${again}\` : 'loading'}</p>;
}

function App() {
  const [session, setSession] = useState<{ id: string; client_secret: string } | null>(null);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const [error, setError] = useState<CheckoutError | null>(null);
  const [edge, setEdge] = useState('');
  useEffect(() => {
    void sessionPromise.then(setSession);
    void edgeCheck.then(setEdge);
  }, []);
  return (
    <CheckoutProvider checkout={checkoutPromise}>
      <Loaded />
      {session && (
        <CheckoutForm
          id="checkout"
          session={session.id}
          clientSecret={session.client_secret}
          locale="en"
          onCompleted={setResult}
          onError={setError}
        />
      )}
      {result && <p id="result">{\`\${result.outcome} \${result.order_no}\`}</p>}
      {error && <p id="error">{error.code}</p>}
      <p id="edge">{edge}</p>
    </CheckoutProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

const APP_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  },
  include: ['src'],
};

/** The shop's server: the session, the app, and the pushed events, verified both ways. */
const SERVER = `import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createCheckoutClient, ShopEventSignatureError, verifyShopEvent, verifyShopEventAsync } from '@checkout/node';

const { BACKEND_URL, SHOP_KEY, EVENTS_SECRET, PORT, APP_DIR } = process.env;
const checkout = createCheckoutClient({ baseUrl: BACKEND_URL, apiKey: SHOP_KEY });
const events = [];
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

async function page() {
  const { loaderVersioned } = await (await fetch(\`\${BACKEND_URL}/manifest.json\`)).json();
  const html = await readFile(join(APP_DIR, 'index.html'), 'utf8');
  return html.replace(
    '</head>',
    \`<meta name="checkout-widget" content="\${BACKEND_URL}/\${loaderVersioned.file}">\` +
      \`<meta name="checkout-integrity" content="\${loaderVersioned.integrity}"></head>\`,
  );
}

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://shop');
  try {
    if (req.method === 'POST' && url.pathname === '/session') {
      const orderNo = \`PKG-\${Date.now()}\`;
      const session = await checkout.createSession({ amount: '12.50', currency: 'USD', country: 'US', order_no: orderNo });
      res.writeHead(201, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ id: session.id, client_secret: session.client_secret }));
    }
    if (req.method === 'POST' && url.pathname === '/hook') {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const raw = Buffer.concat(chunks);
      const header = req.headers['checkout-signature'];
      const event = verifyShopEvent(raw, header, EVENTS_SECRET);
      const again = await verifyShopEventAsync(raw.toString('utf8'), header, EVENTS_SECRET);
      events.push({ id: event.id, type: event.type, order_no: event.order?.order_no, async: again.id === event.id });
      return res.writeHead(204).end();
    }
    if (url.pathname === '/events') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(events));
    }
    if (url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': TYPES['.html'] });
      return res.end(await page());
    }
    const file = normalize(url.pathname).replace(/^\\/+/, '');
    if (file.startsWith('..')) return res.writeHead(404).end();
    const body = await readFile(join(APP_DIR, file));
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch (e) {
    const status = e instanceof ShopEventSignatureError ? 400 : e?.code === 'ENOENT' ? 404 : 500;
    if (status === 500) console.error(e);
    res.writeHead(status).end(String(e?.message ?? e));
  }
}).listen(Number(PORT), '127.0.0.1', () => console.log(\`shop listening on \${PORT}\`));
`;

/** A shop's server code that uses every export's types; checked, not run. */
const TYPES_MAIN = `import {
  CheckoutApiError,
  type CreateSessionInput,
  createCheckoutClient,
  type ShopEvent,
  ShopEventSignatureError,
  signTestEvent,
  verifyShopEvent,
} from '@checkout/node';
import { verifyShopEventAsync } from '@checkout/node/web';

export async function checkoutFor(cartId: string, key: string): Promise<{ id: string; secret: string }> {
  const checkout = createCheckoutClient({ baseUrl: 'https://pay.shop.example', apiKey: key, timeoutMs: 10_000 });
  const body: CreateSessionInput = { amount: '25.00', currency: 'USD', order_no: cartId };
  // @ts-expect-error amounts are decimal strings, never numbers
  const wrong: CreateSessionInput = { amount: 25, currency: 'USD' };
  void wrong;
  try {
    const session = await checkout.createSession(body, { idempotencyKey: cartId });
    const order = await checkout.getOrder(session.order_no);
    const status: string = order.status;
    void status;
    return { id: session.id, secret: session.client_secret };
  } catch (e) {
    if (e instanceof CheckoutApiError) throw new Error(\`\${e.status} \${e.code}: \${e.fields.map((f) => f.path).join()}\`);
    throw e;
  }
}

export async function receive(raw: Uint8Array, header: string | undefined, secret: string): Promise<ShopEvent | 400> {
  try {
    const event = verifyShopEvent(raw, header, secret);
    if (event.type === 'order.paid') return (await verifyShopEventAsync(raw, header, [secret])) ?? event;
    return event;
  } catch (e) {
    if (e instanceof ShopEventSignatureError && e.reason === 'replay') return 400;
    throw e;
  }
}

export const signed = signTestEvent({ id: 'evt_1', type: 'endpoint.test', created_at: new Date().toISOString() }, 'whsec_x');
`;

const TYPES_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  },
  files: ['index.ts'],
};

export interface ShopProjects {
  app: string;
  server: string;
  types: string;
}

/**
 * The three projects under `dir`, which holds the three tarballs; installed, not yet built or checked. `signal`
 * stops the installs (the test's end).
 */
export async function writeShopProjects(dir: string, signal: AbortSignal): Promise<ShopProjects> {
  const at = { app: join(dir, 'app'), server: join(dir, 'server'), types: join(dir, 'types') };
  const versions = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, installed(n)]));
  const appDev = ['vite', 'typescript', '@types/react', '@types/react-dom'];
  await Promise.all([
    project(
      at.app,
      {
        dependencies: {
          '@checkout/js': tarball('js'),
          '@checkout/react': tarball('react'),
          '@checkout/node': tarball('node'),
          ...versions(['react', 'react-dom']),
        },
        devDependencies: versions(appDev),
      },
      ['react', 'react-dom', ...appDev, 'zod'],
      {
        'index.html': APP_HTML,
        'src/main.tsx': APP_MAIN,
        'src/shopServer.ts': TYPES_MAIN,
        'tsconfig.json': JSON.stringify(APP_TSCONFIG, null, 2),
      },
      signal,
    ),
    project(
      at.server,
      { dependencies: { '@checkout/node': tarball('node') } },
      ['zod'],
      { 'server.mjs': SERVER },
      signal,
    ),
    project(
      at.types,
      { dependencies: { '@checkout/node': tarball('node') }, devDependencies: versions(['typescript', '@types/node']) },
      ['typescript', '@types/node', 'zod'],
      {
        'index.ts': TYPES_MAIN,
        'tsconfig.json': JSON.stringify(TYPES_TSCONFIG, null, 2),
      },
      signal,
    ),
  ]);
  return at;
}
