// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { demoSession, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { renderCheckout } from '../testing/renderCheckout';

// the logos' chunk arrives only when the test lets it: the form must not wait for it
const chunk = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('./internal/methodLogos', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

let backend: FakeBackend | undefined;
afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await backend?.close();
});

test('the method list renders without the logos, and shows one per method once their chunk has loaded', async () => {
  backend = await startFakeBackend(
    demoSession({
      methods: [
        { id: 'card', kind: 'card', label: 'Card', fields: [] },
        { id: 'pix', kind: 'apm', label: 'Pix', payment_method: 'PIX', fields: [] },
        { id: 'boleto', kind: 'apm', label: 'Boleto', payment_method: 'BOLETO', fields: [] },
        { id: 'ideal', kind: 'apm', label: 'iDEAL', payment_method: 'IDEAL', fields: [] },
        { id: 'new', kind: 'apm', label: 'New wallet', payment_method: 'NEWPAY', fields: [] },
      ],
    }),
  );
  const { container } = renderCheckout(backend);
  await screen.findByRole('radio', { name: 'Card' });
  expect(screen.getByRole('radio', { name: 'Pix' })).toBeTruthy();
  expect(container.querySelectorAll('svg')).toHaveLength(0);

  chunk.release();
  await waitFor(() => expect(container.querySelectorAll('.ck-choice svg')).toHaveLength(5));
  const logos = [...container.querySelectorAll('.ck-choice .ck-logo')];
  // decorative: the radio's name stays the method's label
  for (const logo of logos) expect(logo.getAttribute('aria-hidden')).toBe('true');
  expect(screen.getByRole('radio', { name: 'Pix' })).toBeTruthy();
  // one drawing per kind; a method without its own drawing gets the generic one with its name
  const drawings = logos.map((l) => l.innerHTML);
  expect(new Set(drawings).size).toBe(5);
  expect(logos[4]!.textContent).toBe('NEWPAY');
});

test("a method's code reaches the markup as letters and digits only", async () => {
  chunk.release();
  const { methodLogo } = await import('./internal/methodLogos');
  const markup = methodLogo({
    id: 'x',
    kind: 'apm',
    label: 'X',
    payment_method: 'ab"><img src=x onerror=alert(1)>',
    fields: [],
  });
  expect(markup).not.toContain('<img');
  expect(markup).toContain('>ABIMGS</text>');
});
