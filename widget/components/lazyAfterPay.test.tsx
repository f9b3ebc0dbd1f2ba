// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoSession, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { renderCheckout } from '../testing/renderCheckout';

// A file of its own: the after-Pay chunk must not have been loaded by an earlier test (modules are per file).
let backend: FakeBackend;
beforeAll(async () => {
  backend = await startFakeBackend(demoSession({ status: 'paid', payment: { payment_id: 'pay_9', status: 'paid' } }));
});
afterAll(async () => {
  cleanup();
  await backend.close();
});

test('a session that already holds a payment is ready only with its result on screen, from the lazy chunk', async () => {
  const { notify } = renderCheckout(backend);
  let shownAtReady: boolean | undefined;
  notify.ready.mockImplementation(() => {
    shownAtReady = !!screen.queryByRole('heading', { name: 'Payment successful' });
  });
  await waitFor(() => expect(notify.ready).toHaveBeenCalledTimes(1));
  expect(shownAtReady).toBe(true);
  expect(screen.queryByText('Loading checkout…')).toBeNull();
});
