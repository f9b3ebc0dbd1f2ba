/**
 * Links the widget's stylesheet once per page. It sits next to the widget's scripts (same origin, content-hashed
 * name), so the shop's CSP needs only `style-src <backend origin>`.
 */
export function injectStylesheet(doc: Document, href: string): void {
  if (doc.querySelector('link[data-checkout-stylesheet]')) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.setAttribute('data-checkout-stylesheet', '');
  doc.head.appendChild(link);
}

/** The stylesheet's URL: Vite emits it beside the chunk that holds this line and rewrites the path to the hashed name. */
export function stylesheetUrl(): string {
  return new URL('./widget.css', import.meta.url).href;
}
