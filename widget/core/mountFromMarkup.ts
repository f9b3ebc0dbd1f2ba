import { init, isMounted } from './Checkout';

/**
 * The no-code embedding: every `<div data-checkout-session="..." data-client-secret="...">` not yet showing a
 * widget gets one. `data-locale`, `data-theme` and `data-screening-cookie` are read too; events arrive as
 * `checkout:*` DOM events.
 */
export function mountFromMarkup(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('[data-checkout-session]'))) {
    if (isMounted(element)) continue;
    const { checkoutSession: session, clientSecret, locale, theme, screeningCookie } = element.dataset;
    if (!session || !clientSecret) {
      console.warn('Checkout: data-checkout-session needs data-client-secret too', element);
      continue;
    }
    init({
      session,
      clientSecret,
      ...(locale ? { locale } : {}),
      ...(screeningCookie ? { screeningCookie } : {}),
      ...(theme === 'dark' || theme === 'light' ? { appearance: { theme } } : {}),
    }).mount(element);
  }
}
