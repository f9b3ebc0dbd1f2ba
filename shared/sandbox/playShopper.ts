/**
 * Plays the shopper's browser against the sandbox, with plain fetch: submits the checkout loading page, types a
 * test card, presses an issuer page button. Returns the return_url query the gateway finally redirects to
 * (docs/protocol-decisions.md 7). For integration tests (server/gateway/testing/playShopper.ts) and for
 * `npm run cli -- events trigger` (scripts/cli/eventsTrigger.ts), which make real payments in the sandbox; the
 * backend and the widget read no gateway HTML.
 */

/** A checkout form as the gateway answers it (server/gateway/types/payment.ts `CheckoutForm`). */
interface CheckoutForm {
  action: string;
  fields: [string, string][];
}

export interface Returned {
  returnUrl: URL;
  query: Record<string, string>;
}

/** The loading page (the frame's HTML, or the form `checkout` read) -> hosted card page -> card -> 303 to return_url. */
export async function payByCard(loadingPage: string | CheckoutForm, cardNumber: string): Promise<Returned> {
  const step1 =
    typeof loadingPage === 'string'
      ? readForm(loadingPage)
      : { action: loadingPage.action, fields: Object.fromEntries(loadingPage.fields) };
  const cardPage = await post(step1.action, step1.fields);
  if (cardPage.status !== 200) throw new Error(`hosted card page: HTTP ${cardPage.status}`);
  const card = readForm(await cardPage.text());
  const done = await post(card.action, {
    ...card.fields,
    card_number: cardNumber,
    expiry: '12/39',
    cvv: '123',
    holder: 'Ana Test',
    action: 'pay',
  });
  return returned(done);
}

/** The issuer page at `redirectUrl` -> press `action` (approve, decline, cancel) -> 303 to return_url. */
export async function pressIssuerButton(
  redirectUrl: string,
  action: 'approve' | 'decline' | 'cancel',
): Promise<Returned> {
  const page = await fetch(redirectUrl);
  const form = readForm(await page.text());
  return returned(await post(form.action, { ...form.fields, action }));
}

function returned(res: Response): Returned {
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`expected a 303 to return_url, got HTTP ${res.status}`);
  const returnUrl = new URL(location);
  return { returnUrl, query: Object.fromEntries(returnUrl.searchParams) };
}

function post(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

/** The first form's action and its hidden inputs (names and values HTML-unescaped). */
function readForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('no form on the page');
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(input[0])?.[1];
    const type = attr('type');
    const name = attr('name');
    if (type === 'hidden' && name) fields[unescapeHtml(name)] = unescapeHtml(attr('value') ?? '');
  }
  return { action: unescapeHtml(form[1]!), fields };
}

function unescapeHtml(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
}
