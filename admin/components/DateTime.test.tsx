// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import { DateTime } from './DateTime';

afterEach(cleanup);

test('a time shows its seconds and its time zone, the exact value kept in the <time> element', () => {
  const { container } = render(<DateTime iso="2024-05-01T10:07:42Z" />);
  const time = container.querySelector('time')!;
  expect(time.getAttribute('datetime')).toBe('2024-05-01T10:07:42Z');
  expect(time.textContent).toMatch(/:42\b/);
  // the zone the time is shown in (the browser's), by name or offset
  expect(time.textContent).toMatch(/(UTC|GMT|[A-Z]{3,4}|[+-]\d{1,2}(:\d\d)?)$/);
  expect(time.title).toBe('2024-05-01T10:07:42Z');
});
