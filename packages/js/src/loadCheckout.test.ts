// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LoopbackServer, serveOnLoopback } from '../../../server/testing/serveOnLoopback';

/**
 * A backend's widget script as far as loadCheckout sees it: served over real HTTP, it defines window.Checkout
 * (here a stand-in whose `ready` resolves to itself, as widget/loader.ts's does once the entry is loaded).
 */
const WIDGET = `window.Checkout = { init() {}, mountAll() {}, served: 'ok' };
window.Checkout.ready = Promise.resolve(window.Checkout);`;

let server: LoopbackServer;
const requests: string[] = [];
beforeAll(async () => {
  server = await serveOnLoopback((req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    if (path === '/missing.js') return new Response('not found', { status: 404 });
    return new Response(WIDGET, { headers: { 'Content-Type': 'text/javascript' } });
  });
  const { happyDOM } = window as unknown as {
    happyDOM: {
      setURL(url: string): void;
      settings: { disableJavaScriptFileLoading: boolean; enableJavaScriptEvaluation: boolean };
    };
  };
  happyDOM.setURL(`${server.url}/shop`);
  // vitest's happy-dom loads no script file by default: these tests are about loading one
  happyDOM.settings.enableJavaScriptEvaluation = true;
  happyDOM.settings.disableJavaScriptFileLoading = false;
});
afterAll(() => server.close());

type Pure = typeof import('./pure');
const win = window as Window & { Checkout?: unknown };

/** A fresh copy of the module (its once-only state) on a page without the widget. */
async function freshModule<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  delete win.Checkout;
  document.head.innerHTML = '';
  requests.length = 0;
  return load();
}
const scripts = () => Array.from(document.querySelectorAll('script'));

describe('loadCheckout (@checkout/js/pure)', () => {
  let pure: Pure;
  beforeEach(async () => {
    pure = await freshModule(() => import('./pure'));
  });
  afterEach(() => expect(scripts().length).toBeLessThanOrEqual(1));

  it('adds the script once when called twice, and both calls resolve the loaded Checkout', async () => {
    const url = `${server.url}/widget.js`;
    const first = pure.loadCheckout({ url });
    const second = pure.loadCheckout({ url });
    expect(second).toBe(first);
    const checkout = await first;
    expect(checkout).toMatchObject({ served: 'ok' });
    expect(await pure.loadCheckout({ url })).toBe(checkout);
    expect(scripts().map((s) => s.src)).toEqual([url]);
    expect(requests).toEqual(['/widget.js']);
  });

  it('defaults to /widget.js of the page, and puts integrity and crossorigin on the tag when given', async () => {
    const loaded = pure.loadCheckout({ integrity: 'sha384-abc' });
    const [script] = scripts();
    expect(script?.src).toBe(`${server.url}/widget.js`);
    expect(script?.getAttribute('integrity')).toBe('sha384-abc');
    expect(script?.getAttribute('crossorigin')).toBe('anonymous');
    await loaded;
    // without an integrity, neither attribute
    const other = await freshModule(() => import('./pure'));
    void other.loadCheckout({ url: `${server.url}/widget.js` });
    expect(scripts()[0]?.hasAttribute('integrity')).toBe(false);
    expect(scripts()[0]?.hasAttribute('crossorigin')).toBe(false);
  });

  it('refuses another URL once one is loading, naming both', async () => {
    const loaded = pure.loadCheckout({ url: `${server.url}/widget.js` });
    await expect(pure.loadCheckout({ url: `${server.url}/widget-other.js` })).rejects.toThrow(
      /already loaded from .*\/widget\.js, not .*\/widget-other\.js/,
    );
    await loaded;
  });

  it('rejects when the script cannot load, drops its tag, and tries again on the next call', async () => {
    const url = `${server.url}/missing.js`;
    await expect(pure.loadCheckout({ url })).rejects.toThrow(`loadCheckout: could not load ${url}`);
    expect(scripts()).toHaveLength(0);
    await expect(pure.loadCheckout({ url })).rejects.toThrow('could not load');
    expect(requests).toEqual(['/missing.js', '/missing.js']);
  });

  it("uses the widget's own tag when the page has one", async () => {
    win.Checkout = { served: 'by the tag', ready: Promise.resolve({ served: 'by the tag' }) };
    expect(await pure.loadCheckout({ url: `${server.url}/widget.js` })).toEqual({ served: 'by the tag' });
    expect(scripts()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('adds nothing on import', () => {
    expect(scripts()).toHaveLength(0);
  });
});

// That a loadCheckout({ url }) in the importing module's top level names the URL instead is a matter of ES module
// evaluation in a browser (the graph runs before the microtask), which vitest's module runner does not reproduce
// (it awaits each import): e2e/packages/packages.test.ts proves it with a Vite build in Chromium.
describe('@checkout/js (the entry that starts on import)', () => {
  it('starts loading /widget.js of the page when the importing code did not call loadCheckout', async () => {
    const entry = await freshModule(() => import('./index'));
    await vi.waitFor(() => expect(scripts().map((s) => s.src)).toEqual([`${server.url}/widget.js`]));
    // the call that comes later gets that load
    expect(await entry.loadCheckout()).toMatchObject({ served: 'ok' });
    expect(requests).toEqual(['/widget.js']);
  });
});
