// @vitest-environment happy-dom
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { Checkout } from '../index';
import { demoSession, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startFakeBackend(demoSession());
  const other = demoSession({ id: 'cs_2', locale: 'de' });
  const { onSession } = backend;
  // a plain card: the method asks for nothing beyond name and e-mail
  const bare = demoSession({ id: 'cs_3', methods: [{ id: 'card', kind: 'card', label: 'Card', fields: [] }] });
  backend.onSession = (id, secret) =>
    id === 'cs_2' ? { status: 200, body: other } : id === 'cs_3' ? { status: 200, body: bare } : onSession(id, secret);
});
afterAll(() => backend.close());
afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

function host(id = 'checkout'): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.append(element);
  return element;
}

const roots = (element: Element) => element.querySelectorAll('.ck-root');

describe('Checkout.init().mount()', () => {
  test('installs window.Checkout when imported in a browser', () => {
    expect((window as Window & { Checkout?: unknown }).Checkout).toBe(Checkout);
  });

  test('refuses options without a session or a client secret', () => {
    expect(() => Checkout.init({ session: '', clientSecret: 'x' })).toThrow(/session/);
    expect(() => Checkout.init({ session: 'cs_1' } as never)).toThrow(/clientSecret/);
    expect(() => Checkout.init({ session: 'cs_1', clientSecret: 'cs_test' }).mount('#missing')).toThrow(
      /no element matches "#missing"/,
    );
  });

  test('mounts into its own root inside the element, leaving the rest of it alone, and unmounts cleanly', async () => {
    const element = host();
    element.innerHTML = '<p id="shop-note">shop content</p>';
    const onReady = vi.fn();
    const handle = Checkout.init({ session: 'cs_1', clientSecret: 'cs_test', apiBase: backend.url, onReady }).mount(
      '#checkout',
    );
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    expect(roots(element)).toHaveLength(1);
    expect(element.querySelector('#shop-note')).toBeTruthy();
    handle.unmount();
    expect(roots(element)).toHaveLength(0);
    expect(element.querySelector('#shop-note')).toBeTruthy();
  });

  test('init twice on the same element is harmless: one widget, its state kept, the newest options applied', async () => {
    const element = host();
    Checkout.init({ session: 'cs_1', clientSecret: 'cs_test', apiBase: backend.url, locale: 'en' }).mount(element);
    await waitFor(() => expect(element.querySelector('form')).toBeTruthy());
    const firstName = element.querySelector<HTMLInputElement>('input[name="first_name"]')!;
    fireEvent.input(firstName, { target: { value: 'Typed before' } });
    Checkout.init({ session: 'cs_1', clientSecret: 'cs_test', apiBase: backend.url, locale: 'fr' }).mount(element);
    await waitFor(() => expect(element.textContent).toContain('Récapitulatif de la commande'));
    expect(roots(element)).toHaveLength(1);
    expect(element.querySelectorAll('form')).toHaveLength(1);
    expect(element.querySelector<HTMLInputElement>('input[name="first_name"]')!.value).toBe('Typed before');
    // Another session on the same element replaces the widget.
    Checkout.init({ session: 'cs_2', clientSecret: 'cs_test', apiBase: backend.url }).mount(element);
    await waitFor(() => expect(element.textContent).toContain('Bestellübersicht'));
    expect(roots(element)).toHaveLength(1);
  });

  test('update() applies new options to the mounted widget', async () => {
    const element = host();
    const handle = Checkout.init({
      session: 'cs_1',
      clientSecret: 'cs_test',
      apiBase: backend.url,
      locale: 'en',
    }).mount(element);
    await waitFor(() => expect(element.textContent).toContain('Order summary'));
    handle.update({ locale: 'es', appearance: { theme: 'dark' } });
    await waitFor(() => expect(element.textContent).toContain('Resumen del pedido'));
    expect(element.querySelector('.ck-root')!.getAttribute('data-theme')).toBe('dark');
  });

  test('the root carries lang and dir of the locale shown: ar is rtl, fr-CH reads French, an unknown tag English', async () => {
    const element = host();
    const handle = Checkout.init({
      session: 'cs_1',
      clientSecret: 'cs_test',
      apiBase: backend.url,
      locale: 'ar',
    }).mount(element);
    const root = () => element.querySelector('.ck-root')!;
    await waitFor(() => expect(element.textContent).toContain('ملخص الطلب'));
    expect([root().getAttribute('lang'), root().getAttribute('dir')]).toEqual(['ar', 'rtl']);
    handle.update({ locale: 'fr-CH' });
    await waitFor(() => expect(element.textContent).toContain('Récapitulatif de la commande'));
    expect([root().getAttribute('lang'), root().getAttribute('dir')]).toEqual(['fr', 'ltr']);
    handle.update({ locale: 'xx' });
    await waitFor(() => expect(element.textContent).toContain('Order summary'));
    expect([root().getAttribute('lang'), root().getAttribute('dir')]).toEqual(['en', 'ltr']);
  });

  test('links the stylesheet once per page, beside the widget script', async () => {
    Checkout.init({ session: 'cs_1', clientSecret: 'cs_test', apiBase: backend.url }).mount(host('a'));
    Checkout.init({ session: 'cs_1', clientSecret: 'cs_test', apiBase: backend.url }).mount(host('b'));
    const links = document.querySelectorAll('link[data-checkout-stylesheet]');
    expect(links).toHaveLength(1);
    expect((links[0] as HTMLLinkElement).href).toMatch(/widget\.css$/);
  });

  test('appearance variables go into a constructed stylesheet scoped to the instance, unsafe values dropped', async () => {
    const element = host();
    const before = document.adoptedStyleSheets.length;
    const handle = Checkout.init({
      session: 'cs_1',
      clientSecret: 'cs_test',
      apiBase: backend.url,
      appearance: {
        variables: {
          colorPrimary: '#ff0066',
          borderRadius: '2px',
          colorText: 'red;}body{display:none',
          fontFamily: 'x',
        },
      },
    }).mount(element);
    const sheets = document.adoptedStyleSheets.slice(before);
    expect(sheets).toHaveLength(1);
    const css = Array.from(sheets[0]!.cssRules, (r) => r.cssText).join('');
    const id = element.querySelector('.ck-root')!.getAttribute('data-ck');
    expect(css).toContain(`.ck-root[data-ck="${id}"]`);
    expect(css).toContain('--ck-color-primary');
    expect(css).toContain('#ff0066');
    expect(css).not.toContain('display');
    expect(element.querySelectorAll('[style]')).toHaveLength(0);
    handle.unmount();
    expect(document.adoptedStyleSheets).toHaveLength(before);
  });
});

describe('the shop submits from its own button', () => {
  test('checkout:validity says whether the form can be sent; submit() pays, or shows the problems', async () => {
    const element = host();
    const validity: boolean[] = [];
    element.addEventListener('checkout:validity', (e) =>
      validity.push((e as CustomEvent<{ valid: boolean }>).detail.valid),
    );
    const before = backend.payments().length;
    const handle = Checkout.init({
      session: 'cs_3',
      clientSecret: 'cs_test',
      apiBase: backend.url,
      locale: 'en',
    }).mount(element);
    await waitFor(() => expect(validity).toEqual([false]));
    expect(element.querySelector('input[name="phone"]')).toBeNull();
    expect(element.querySelector('input[name="billing.city"]')).toBeNull();
    // nothing typed: submit() sends nothing and shows what is missing
    expect(handle.submit()).toBe(true);
    await waitFor(() => expect(element.querySelector('[aria-invalid="true"]')).toBeTruthy());
    expect(backend.payments()).toHaveLength(before);
    const type = (name: string, value: string) =>
      fireEvent.input(element.querySelector<HTMLInputElement>(`input[name="${name}"]`)!, { target: { value } });
    type('first_name', 'Ana');
    type('last_name', 'Silva');
    type('email', 'ana@example.com');
    await waitFor(() => expect(validity.at(-1)).toBe(true));
    expect(handle.submit()).toBe(true);
    await waitFor(() => expect(backend.payments()).toHaveLength(before + 1));
    // the card frame is shown: there is no form to submit any more
    await waitFor(() => expect(element.querySelector('iframe')).toBeTruthy());
    expect(handle.submit()).toBe(false);
  });
});

describe('coming back from an issuer page', () => {
  test('what the shopper typed and their method are back for the same session, not for another', async () => {
    const mount = (session: string) =>
      Checkout.init({ session, clientSecret: 'cs_test', apiBase: backend.url, locale: 'en' }).mount(host());
    const first = mount('cs_1');
    await waitFor(() => expect(document.querySelector('input[name="first_name"]')).toBeTruthy());
    fireEvent.input(document.querySelector('input[name="first_name"]')!, { target: { value: 'Ana' } });
    fireEvent.click(document.querySelector('input[type="radio"][value="boleto"]')!);
    await waitFor(() => expect(document.querySelector('input[name="document"]')).toBeTruthy());
    fireEvent.input(document.querySelector('input[name="document"]')!, { target: { value: '529.982.247-25' } });
    // the page left for the issuer and loads again
    first.unmount();
    document.body.innerHTML = '';
    mount('cs_1');
    await waitFor(() => expect(document.querySelector('input[name="document"]')).toBeTruthy());
    expect(document.querySelector<HTMLInputElement>('input[name="first_name"]')!.value).toBe('Ana');
    expect(document.querySelector<HTMLInputElement>('input[name="document"]')!.value).toBe('529.982.247-25');
    document.body.innerHTML = '';
    mount('cs_2');
    await waitFor(() => expect(document.querySelector('input[name="first_name"]')).toBeTruthy());
    expect(document.querySelector<HTMLInputElement>('input[name="first_name"]')!.value).toBe('');
  });
});

describe('no-code embedding', () => {
  test('mountAll() leaves an element that already shows a widget alone; events bubble from the host element', async () => {
    const element = host();
    element.dataset.checkoutSession = 'cs_1';
    element.dataset.clientSecret = 'cs_test';
    element.dataset.locale = 'fr';
    element.dataset.theme = 'dark';
    const ready = vi.fn();
    document.body.addEventListener('checkout:ready', ready);
    Checkout.init({
      session: 'cs_1',
      clientSecret: 'cs_test',
      apiBase: backend.url,
      locale: 'fr',
      appearance: { theme: 'dark' },
    }).mount(element);
    Checkout.mountAll();
    await waitFor(() => expect(element.textContent).toContain('Récapitulatif de la commande'));
    expect(roots(element)).toHaveLength(1);
    await waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    expect((ready.mock.calls[0]![0] as Event).target).toBe(element);
  });

  test('mountAll() mounts a data-checkout-session element with its data-locale and data-theme', async () => {
    const element = host();
    element.dataset.checkoutSession = 'cs_x';
    element.dataset.clientSecret = 'secret';
    element.dataset.locale = 'de';
    element.dataset.theme = 'dark';
    Checkout.mountAll();
    expect(roots(element)).toHaveLength(1);
    expect(element.querySelector('.ck-root')!.getAttribute('data-theme')).toBe('dark');
    // The session is fetched from the script's own origin (here the test page): it fails, in German.
    await waitFor(() => expect(element.textContent).toContain('Die Bezahlung konnte nicht geladen werden.'), {
      timeout: 5000,
    });
  });

  test('an element without a client secret is skipped with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = host();
    element.dataset.checkoutSession = 'cs_1';
    Checkout.mountAll();
    expect(roots(element)).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
