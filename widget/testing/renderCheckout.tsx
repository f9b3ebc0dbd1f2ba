import { render } from '@testing-library/preact';
import { vi } from 'vitest';
import { CheckoutApp } from '../components/CheckoutApp';
import type { PollOptions } from '../core/pollSession';
import type { CheckoutOptions, Notify } from '../core/types';
import { createFingerprintSource } from '../device/fingerprint';
import type { FakeBackend } from './fakeBackend';

let instance = 0;

/** Renders the widget against a fake backend, with spies for what it tells the shop. */
export function renderCheckout(
  backend: FakeBackend,
  options: Partial<CheckoutOptions> = {},
  pollOptions?: PollOptions,
) {
  const notify = { ready: vi.fn(), completed: vi.fn(), error: vi.fn() } satisfies Notify;
  const props = {
    options: { session: 'cs_1', clientSecret: 'cs_test', ...options },
    apiBase: backend.url,
    idPrefix: `t${++instance}`,
    win: window,
    fingerprint: createFingerprintSource(window, async () => 'fp_test_visitor'),
    notify,
    pollOptions,
  };
  const view = render(<CheckoutApp {...props} />);
  return {
    ...view,
    notify,
    rerenderWith: (next: Partial<CheckoutOptions>) =>
      view.rerender(<CheckoutApp {...props} options={{ ...props.options, ...next }} />),
  };
}
