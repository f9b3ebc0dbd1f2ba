import type { CheckoutForm } from '../types/payment';

/**
 * Reads the one auto-posting form out of the checkout loading page (docs/gateway-api.md 2.4). Strict, because whatever
 * it lets through is posted from the shopper's browser: exactly one `<form method="post">`, its action on the gateway's
 * origin, only hidden inputs (a text field, select or textarea would be a value we silently dropped), every
 * entity known. Scripts and comments are skipped unread: the page's own code never runs (server/checkout/routes/frame.ts renders
 * our page with our script). Anything else throws, and the checkout's outcome is a protocol error as for a page
 * without its form.
 */
export function readLoadingPage(html: string, pageUrl: string): CheckoutForm {
  const text = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const opens = [...text.matchAll(tag('form'))];
  if (opens.length !== 1) throw new Error(`expected one form in the loading page, found ${opens.length}`);
  const open = opens[0]!;
  const start = open.index + open[0].length;
  const end = text.slice(start).search(/<\/form\s*>/i);
  if (end === -1) throw new Error('the loading page form is not closed');
  const form = readAttributes(open[1] ?? '');
  if (form.method?.toLowerCase() !== 'post') throw new Error(`the loading page form posts by "${form.method ?? ''}"`);
  if (!form.action) throw new Error('the loading page form has no action');
  const action = new URL(form.action, pageUrl);
  if (action.origin !== new URL(pageUrl).origin || !/^https?:$/.test(action.protocol))
    throw new Error(`the loading page form posts off the gateway: ${action.origin}`);

  const body = text.slice(start, start + end);
  if (/<(select|textarea)\b/i.test(body)) throw new Error('the loading page form has a field that is not hidden');
  const fields: [string, string][] = [];
  for (const m of body.matchAll(tag('input'))) {
    const input = readAttributes(m[1] ?? '');
    if (input.type?.toLowerCase() !== 'hidden') throw new Error(`the loading page form has a "${input.type}" input`);
    if (!input.name) throw new Error('the loading page form has an input without a name');
    fields.push([input.name, input.value ?? '']);
  }
  // an input outside the form that names it would be posted with it and missed here
  // (the first test is cheap and almost always false: the second backtracks through every tag)
  if (/\bform\s*=/i.test(text) && /<(input|button|select|textarea)\b[^>]*\bform\s*=/i.test(text))
    throw new Error('the loading page has a field attached to the form from outside');
  if (fields.length === 0) throw new Error('the loading page form carries no fields');
  return { action: action.href, fields };
}

/** An opening tag whose attributes may hold `>` inside quotes. */
function tag(name: string): RegExp {
  return new RegExp(`<${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'gi');
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Attributes of one tag (lower-case names, first one wins as in a browser), values decoded. */
function readAttributes(source: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (name in out) continue;
    const raw = m[2] ?? m[3] ?? m[4];
    out[name] = raw === undefined ? '' : raw.includes('&') ? decodeEntities(raw) : raw;
  }
  return out;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Character references in an attribute value; an unknown name throws rather than guess what the gateway meant. A
 * bare `&` (no `;`) is literal, as in a browser.
 */
function decodeEntities(value: string): string {
  return value.replace(/&(?:(#[0-9]+|#x[0-9a-f]+);?|([a-z][a-z0-9]*);)/gi, (whole, num?: string, name?: string) => {
    const ref = num ?? name ?? '';
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (code > 0x10ffff || code === 0) throw new Error(`the loading page has a bad character reference ${whole}`);
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref.toLowerCase()];
    if (named === undefined) throw new Error(`the loading page has an unknown entity ${whole}`);
    return named;
  });
}
