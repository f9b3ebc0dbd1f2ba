// @vitest-environment node
import { expect, test } from 'vitest';

test('importing the widget without a window does not throw and installs nothing', async () => {
  expect(typeof window).toBe('undefined');
  const { Checkout } = await import('./index');
  expect(typeof Checkout.init).toBe('function');
  expect(() => Checkout.init({ session: 'cs_1', clientSecret: 'x' }).mount('#checkout')).toThrow(/no element matches/);
});
