// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { demoSession, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { renderCheckout } from '../testing/renderCheckout';

let backend: FakeBackend;
beforeEach(async () => {
  backend = await startFakeBackend(demoSession());
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await backend.close();
});

/**
 * What a browser shows a page whose origin is not in ALLOWED_ORIGINS: the widget's calls fail like a network
 * error (the refusal carries no CORS headers), while `GET /api/origin` answers any origin readably
 * (server/middleware/widgetCors.ts; its answer is the backend's own, checked in server/checkout/routes/sessions.test.ts).
 */
function pageOnAnOriginNotAllowed(origin: string, message = `this page's origin ${origin} is not in ALLOWED_ORIGINS`) {
  const real = globalThis.fetch;
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    asked.push(url);
    if (url === `${backend.url}/api/origin`)
      return new Response(JSON.stringify({ error: { code: 'origin_not_allowed', message } }), {
        status: 403,
        headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' },
      });
    if (url.startsWith(`${backend.url}/api/`)) throw new TypeError('Failed to fetch');
    return real(input, init);
  });
  return asked;
}

test('a page whose origin is not in ALLOWED_ORIGINS: the shopper reads that checkout is not available here, the developer why', async () => {
  const asked = pageOnAnOriginNotAllowed('https://shop.example');
  const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
  const { notify } = renderCheckout(backend);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Checkout is not available on this site.');
  expect(alert.textContent).not.toContain('connection');
  // retrying cannot help: no "Try again"
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  await waitFor(() =>
    expect(notify.error).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'origin_not_allowed',
        message: expect.stringContaining('is not in ALLOWED_ORIGINS'),
      }),
    ),
  );
  expect(console).toHaveBeenCalledWith(
    expect.stringMatching(/^Checkout: this page's origin https:\/\/shop\.example is not in ALLOWED_ORIGINS/),
  );
  expect(asked).toContain(`${backend.url}/api/origin`);
});

test('a backend that cannot be reached at all is still a network error the shopper can retry', async () => {
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  const { notify } = renderCheckout(backend);
  expect((await screen.findByRole('alert')).textContent).toContain('Check your connection');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  expect(notify.error).toHaveBeenCalledWith(expect.objectContaining({ code: 'network' }));
});
