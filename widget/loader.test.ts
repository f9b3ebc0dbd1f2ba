// @vitest-environment happy-dom
import { waitFor } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildLoader } from './build/buildLoader';
import type { CheckoutApi } from './core/types';
import { demoSession, errorReply, startFakeBackend, type FakeBackend } from './testing/fakeBackend';

let backend: FakeBackend;
let loader: string;
beforeAll(async () => {
  backend = await startFakeBackend(demoSession());
  // the page's URL is the backend's: the entry then lives there too (its default API base), as when served
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${backend.url}/shop`);
  loader = await buildLoader('widget/loader.ts', 'checkout-test.js', 'sha384-test');
}, 60_000);
afterAll(() => backend.close());
afterEach(() => {
  document.body.innerHTML = '';
  backend.requests.length = 0;
});

const win = window as Window & { Checkout?: CheckoutApi };
const sessionCalls = () => backend.requests.filter((r) => r.method === 'GET' && r.path === '/api/sessions/cs_1');

/** widget.js as a shop page runs it: its entry is not there yet (the test imports it when it chooses). */
function runLoader(): void {
  delete win.Checkout;
  new Function(loader)();
}

async function loadEntry(): Promise<CheckoutApi> {
  return (await import('./index')).Checkout;
}

describe('widget.js starts the session call beside the entry download', () => {
  test('for the no-code element: the entry shows the answer widget.js asked for and asks no second time', async () => {
    document.body.innerHTML =
      '<div id="a" data-checkout-session="cs_1" data-client-secret="cs_test" data-locale="en"></div>';
    runLoader();
    // asked before the entry has even been imported
    await waitFor(() => expect(sessionCalls()).toHaveLength(1));
    const [call] = sessionCalls();
    expect(call!.headers['x-client-secret']).toBe('cs_test'); // in the header, as the entry sends it
    expect(call!.path).not.toContain('cs_test');
    await loadEntry(); // mounts the element, as on a page
    await waitFor(() => expect(document.querySelector('#a form')).toBeTruthy());
    expect(sessionCalls()).toHaveLength(1);
  });

  test('for Checkout.init right after the tag; a prefetch that failed is asked again by the entry', async () => {
    let answers = 0;
    const { onSession } = backend;
    backend.onSession = (id, secret) =>
      ++answers === 1 ? errorReply(503, 'unavailable', 'try again') : onSession(id, secret);
    try {
      runLoader();
      const options = { session: 'cs_1', clientSecret: 'cs_test', apiBase: backend.url };
      win.Checkout!.init(options);
      await waitFor(() => expect(sessionCalls()).toHaveLength(1));
      const host = document.createElement('div');
      document.body.append(host);
      const errors: unknown[] = [];
      (await loadEntry()).init({ ...options, onError: (e) => errors.push(e) }).mount(host);
      await waitFor(() => expect(host.querySelector('form')).toBeTruthy());
      expect(sessionCalls()).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      backend.onSession = onSession;
    }
  });

  test('an answer for another secret is not taken: the entry asks for its own', async () => {
    runLoader();
    win.Checkout!.init({ session: 'cs_1', clientSecret: 'other-secret', apiBase: backend.url });
    await waitFor(() => expect(sessionCalls()).toHaveLength(1));
    const host = document.createElement('div');
    document.body.append(host);
    (await loadEntry()).init({ session: 'cs_1', clientSecret: 'cs_test', apiBase: backend.url }).mount(host);
    await waitFor(() => expect(host.querySelector('form')).toBeTruthy());
    expect(sessionCalls().map((r) => r.headers['x-client-secret'])).toEqual(['other-secret', 'cs_test']);
  });
});
