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
  const text = withoutCommentsAndScripts(html);
  // one lower-cased copy to find tags by name in any case; offsets are the same as in `text`
  const lower = text.toLowerCase();
  const opens = openTags(text, lower, 'form', 0, text.length);
  if (opens.length !== 1) throw new Error(`expected one form in the loading page, found ${opens.length}`);
  const open = opens[0]!;
  FORM_END.lastIndex = open.end;
  const close = FORM_END.exec(lower);
  if (!close) throw new Error('the loading page form is not closed');
  const form = readAttributes(open.attributes);
  if (form.method?.toLowerCase() !== 'post') throw new Error(`the loading page form posts by "${form.method ?? ''}"`);
  if (!form.action) throw new Error('the loading page form has no action');
  const action = new URL(form.action, pageUrl);
  if (action.origin !== new URL(pageUrl).origin || !/^https?:$/.test(action.protocol))
    throw new Error(`the loading page form posts off the gateway: ${action.origin}`);

  const bodyLower = lower.slice(open.end, close.index);
  if (/<(select|textarea)\b/.test(bodyLower)) throw new Error('the loading page form has a field that is not hidden');
  const fields: [string, string][] = [];
  for (const tag of openTags(text, lower, 'input', open.end, close.index)) {
    // the usual shape, read by one pattern; any other (order, quotes, entities, more attributes) is read in full
    const plain = PLAIN_HIDDEN_INPUT.exec(tag.attributes);
    if (plain) {
      fields.push([plain[1]!, plain[2]!]);
      continue;
    }
    const input = readAttributes(tag.attributes);
    if (input.type?.toLowerCase() !== 'hidden') throw new Error(`the loading page form has a "${input.type}" input`);
    if (!input.name) throw new Error('the loading page form has an input without a name');
    fields.push([input.name, input.value ?? '']);
  }
  // an input outside the form that names it would be posted with it and missed here
  // (the first test is cheap and almost always false: the second backtracks through every tag)
  if (/\bform\s*=/.test(lower) && /<(input|button|select|textarea)\b[^>]*\bform\s*=/.test(lower))
    throw new Error('the loading page has a field attached to the form from outside');
  if (fields.length === 0) throw new Error('the loading page form carries no fields');
  return { action: action.href, fields };
}

const FORM_END = /<\/form\s*>/g;
/** ` type="hidden" name="..." value="..."`, nothing else, with no `&` to decode: the attributes of most inputs */
const PLAIN_HIDDEN_INPUT = /^\s+type="hidden"\s+name="([^"&]+)"\s+value="([^"&]*)"\s*\/?$/;

/** The page without comments, scripts and styles (each pattern run only when the page has such a part). */
function withoutCommentsAndScripts(html: string): string {
  let text = html.includes('<!--') ? html.replace(/<!--[\s\S]*?-->/g, '') : html;
  if (/<(script|style)\b/i.test(text)) text = text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  return text;
}

interface OpenTag {
  /** the text between the tag's name and its `>` */
  attributes: string;
  /** the offset just after the `>` */
  end: number;
}

/**
 * The opening tags `<name ...>` between `from` and `to` (`lower` is `text` lower-cased), in order: the name must end
 * there (`<format` is no `<form`), and a `>` inside a quoted value does not close the tag. A tag whose quote or
 * `>` never comes is no tag. A scan by character codes: the regular expression it replaced
 * (`<name\b((?:[^>"']|"[^"]*"|'[^']*')*)>`) tried an alternation at every character; with the attribute reads it
 * made the page's parse 5 to 10 % of a payment's CPU (bench/RESULTS.md, section 1c).
 */
function openTags(text: string, lower: string, name: string, from: number, to: number): OpenTag[] {
  const tags: OpenTag[] = [];
  const needle = `<${name}`;
  let at = lower.indexOf(needle, from);
  while (at !== -1 && at < to) {
    const after = at + needle.length;
    let end = -1;
    if (!isWordChar(lower.charCodeAt(after))) {
      let quote = 0;
      for (let i = after; i < to; i++) {
        const c = text.charCodeAt(i);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === QUOTE || c === APOSTROPHE) quote = c;
        else if (c === GREATER_THAN) {
          end = i;
          break;
        }
      }
    }
    if (end === -1) {
      at = lower.indexOf(needle, after);
      continue;
    }
    tags.push({ attributes: text.slice(after, end), end: end + 1 });
    at = lower.indexOf(needle, end + 1);
  }
  return tags;
}

const QUOTE = 34;
const APOSTROPHE = 39;
const GREATER_THAN = 62;

/** A character `\b` counts as part of a word: a letter, a digit or `_` (NaN past the end is none). */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Attributes of one tag (lower-case names, first one wins as in a browser), values decoded. */
function readAttributes(source: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(source); m; m = ATTRIBUTE.exec(source)) {
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
