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
  const lower = lowerCaseAscii(text);
  const opens = openTags(text, lower, 'form', 0, text.length);
  if (opens.length !== 1) throw new Error(`expected one form in the loading page, found ${opens.length}`);
  const open = opens[0]!;
  const close = formEnd(lower, open.end);
  if (close === -1) throw new Error('the loading page form is not closed');
  const form = readAttributes(open.attributes);
  if (form.method?.toLowerCase() !== 'post') throw new Error(`the loading page form posts by "${form.method ?? ''}"`);
  if (!form.action) throw new Error('the loading page form has no action');
  const action = new URL(form.action, pageUrl);
  if (action.origin !== new URL(pageUrl).origin || !/^https?:$/.test(action.protocol))
    throw new Error(`the loading page form posts off the gateway: ${action.origin}`);

  const bodyLower = lower.slice(open.end, close);
  if (/<(select|textarea)\b/.test(bodyLower)) throw new Error('the loading page form has a field that is not hidden');
  const fields = readInputs(text, lower, open.end, close);
  // an input outside the form that names it would be posted with it and missed here
  // (the first test is cheap and almost always false: the second backtracks through every tag)
  if (hasFormAttribute(lower) && /<(input|button|select|textarea)\b[^>]*\bform\s*=/.test(lower))
    throw new Error('the loading page has a field attached to the form from outside');
  if (fields.length === 0) throw new Error('the loading page form carries no fields');
  return { action: action.href, fields };
}

/**
 * `text` with its ASCII letters lower-cased, at the same offsets. `toLowerCase` alone is that unless a character
 * lower-cases to two (`İ`, U+0130, gives `i̇`): then every later offset would be off, and the tags found in the copy
 * would be read at the wrong places in `text`.
 */
function lowerCaseAscii(text: string): string {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Where `</form\s*>` first is in `lower` from `from`, or -1, tried only where a `</form` is */
function formEnd(lower: string, from: number): number {
  for (let at = lower.indexOf('</form', from); at !== -1; at = lower.indexOf('</form', at + 1)) {
    SPACES_THEN_END.lastIndex = at + 6;
    if (SPACES_THEN_END.test(lower)) return at;
  }
  return -1;
}

/** Whether `\bform\s*=` is in `lower`, tried only where a `form` is (the pattern alone tried every character) */
function hasFormAttribute(lower: string): boolean {
  for (let at = lower.indexOf('form'); at !== -1; at = lower.indexOf('form', at + 1)) {
    if (isWordChar(lower.charCodeAt(at - 1))) continue;
    SPACES_THEN_EQUALS.lastIndex = at + 4;
    if (SPACES_THEN_EQUALS.test(lower)) return true;
  }
  return false;
}

const SPACES_THEN_END = /\s*>/y;
const SPACES_THEN_EQUALS = /\s*=/y;

/**
 * The page without comments, scripts and styles. A script or style is what `<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>`
 * (any case) matched, tried only where a `<s` or `<S` is: that pattern, tried at every character and trying its
 * closing tag at every character of the stylesheet, was a tenth of the page's parse.
 */
function withoutCommentsAndScripts(html: string): string {
  const text = html.includes('<!--') ? html.replace(/<!--[\s\S]*?-->/g, '') : html;
  const none = text.length;
  let out = '';
  let kept = 0;
  // the next `<s` and `<S`, each searched for again only once passed (`none`: there is none)
  let lowerS = -1;
  let upperS = -1;
  for (let from = 0; ; ) {
    if (lowerS < from) lowerS = indexOrNone(text, '<s', from);
    if (upperS < from) upperS = indexOrNone(text, '<S', from);
    const at = Math.min(lowerS, upperS);
    if (at === none) break;
    const end = partEnd(text, at);
    if (end === -1) {
      // no part starts here (an unclosed one is none), a later `<s` may start one
      from = at + 1;
      continue;
    }
    out += text.slice(kept, at);
    kept = end;
    from = end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/** The end of the script or style that starts at `at`, or -1 if none does */
function partEnd(text: string, at: number): number {
  SCRIPT_OR_STYLE.lastIndex = at;
  const open = SCRIPT_OR_STYLE.exec(text);
  if (!open) return -1;
  const close = open[1]!.toLowerCase() === 'script' ? SCRIPT_END : STYLE_END;
  close.lastIndex = SCRIPT_OR_STYLE.lastIndex;
  return close.exec(text) ? close.lastIndex : -1;
}

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>/iy;
const SCRIPT_END = /<\/script\s*>/gi;
const STYLE_END = /<\/style\s*>/gi;

function indexOrNone(text: string, part: string, from: number): number {
  const at = text.indexOf(part, from);
  return at === -1 ? text.length : at;
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
    const end = isWordChar(lower.charCodeAt(after)) ? -1 : tagEnd(text, after, to);
    if (end === -1) {
      at = lower.indexOf(needle, after);
      continue;
    }
    tags.push({ attributes: text.slice(after, end), end: end + 1 });
    at = lower.indexOf(needle, end + 1);
  }
  return tags;
}

/** The offset of the `>` that ends a tag whose attributes start at `from`, past quoted values; -1 if none before `to`. */
function tagEnd(text: string, from: number, to: number): number {
  let quote = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) quote = c;
    else if (c === GREATER_THAN) return i;
  }
  return -1;
}

/**
 * ` type="hidden" name="..." value="...">` (or `/>`), no `&` in the name: how the gateway writes every input, matched
 * where the tag's name ends. The `>` it ends on is the one tagEnd finds: only quoted values come before it.
 */
const PLAIN_HIDDEN_INPUT = / type="hidden" name="([^"&]+)" value="([^"]*)" *\/?>/y;

/**
 * The fields of the `<input` tags between `from` and `to`, found as openTags finds them, in order. A plain one is read
 * by one sticky match in `text`, without a scan to its `>` nor a slice of its attributes (those were the biggest part
 * of the page's parse); any other is read in full, to the same result.
 */
function readInputs(text: string, lower: string, from: number, to: number): [string, string][] {
  const fields: [string, string][] = [];
  // the next `&` in the page, searched for again only once passed: a plain input before it has nothing to decode
  let amp = -1;
  let at = lower.indexOf('<input', from);
  while (at !== -1 && at < to) {
    const after = at + 6;
    if (isWordChar(lower.charCodeAt(after))) {
      at = lower.indexOf('<input', after);
      continue;
    }
    PLAIN_HIDDEN_INPUT.lastIndex = after;
    const plain = PLAIN_HIDDEN_INPUT.exec(text);
    // its `>` must come before the form's end, as tagEnd's would
    if (plain && PLAIN_HIDDEN_INPUT.lastIndex <= to) {
      if (amp < after) amp = indexOrNone(text, '&', after);
      const value = plain[2]!;
      fields.push([plain[1]!, amp < PLAIN_HIDDEN_INPUT.lastIndex ? decodeEntities(value) : value]);
      at = lower.indexOf('<input', PLAIN_HIDDEN_INPUT.lastIndex);
      continue;
    }
    const end = tagEnd(text, after, to);
    if (end === -1) {
      at = lower.indexOf('<input', after);
      continue;
    }
    const input = readAttributes(text.slice(after, end));
    if (input.type?.toLowerCase() !== 'hidden') throw new Error(`the loading page form has a "${input.type}" input`);
    if (!input.name) throw new Error('the loading page form has an input without a name');
    fields.push([input.name, input.value ?? '']);
    at = lower.indexOf('<input', end + 1);
  }
  return fields;
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
 * bare `&` (no `;`) is literal, as in a browser. Read by character codes from one `&` to the next, as
 * `&(?:(#[0-9]+|#x[0-9a-f]+);?|([a-z][a-z0-9]*);)` (any case) would match: a replace calling back per reference took
 * twice as long (the cart's JSON has one at every quote).
 */
function decodeEntities(value: string): string {
  let out = '';
  let copied = 0;
  let amp = value.indexOf('&');
  while (amp !== -1) {
    let end = amp + 1;
    let decoded: string | undefined;
    if (value.charCodeAt(end) === HASH) {
      let digits = end + 1;
      let hex = false;
      if ((value.charCodeAt(digits) | 32) === LOWER_X && isHexDigit(value.charCodeAt(digits + 1))) {
        hex = true;
        digits++;
      }
      end = digits;
      while (hex ? isHexDigit(value.charCodeAt(end)) : isDigit(value.charCodeAt(end))) end++;
      if (end > digits) {
        const code = hex ? Number.parseInt(value.slice(digits, end), 16) : Number(value.slice(digits, end));
        if (value.charCodeAt(end) === SEMICOLON) end++;
        if (code > 0x10ffff || code === 0)
          throw new Error(`the loading page has a bad character reference ${value.slice(amp, end)}`);
        decoded = String.fromCodePoint(code);
      }
    } else if (isLetter(value.charCodeAt(end))) {
      end++;
      while (isLetter(value.charCodeAt(end)) || isDigit(value.charCodeAt(end))) end++;
      if (value.charCodeAt(end) === SEMICOLON) {
        decoded = knownEntity(value, amp + 1, end);
        end++;
        if (decoded === undefined) throw new Error(`the loading page has an unknown entity ${value.slice(amp, end)}`);
      }
    }
    if (decoded === undefined) {
      // no reference: the `&` stays, and the next one may start a reference
      amp = value.indexOf('&', amp + 1);
      continue;
    }
    out += value.slice(copied, amp) + decoded;
    copied = end;
    amp = value.indexOf('&', end);
  }
  return copied === 0 ? value : out + value.slice(copied);
}

/** What a name of NAMED between `start` and `end` (in any case) stands for: read without a slice and a lookup by it */
function knownEntity(value: string, start: number, end: number): string | undefined {
  for (const [name, char] of KNOWN) {
    if (end - start === name.length && sameLetters(value, start, name)) return char;
  }
  return undefined;
}

const KNOWN = Object.entries(NAMED);

/** Whether `value` has the lower-case letters `letters` at `at`, in any case */
function sameLetters(value: string, at: number, letters: string): boolean {
  for (let i = 0; i < letters.length; i++) if ((value.charCodeAt(at + i) | 32) !== letters.charCodeAt(i)) return false;
  return true;
}

const HASH = 35;
const SEMICOLON = 59;
const LOWER_X = 120;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A letter in any case (`| 32` lower-cases an ASCII letter; NaN past the end is none). */
function isLetter(c: number): boolean {
  const lowered = c | 32;
  return lowered >= 97 && lowered <= 122;
}

function isHexDigit(c: number): boolean {
  const lowered = c | 32;
  return (c >= 48 && c <= 57) || (lowered >= 97 && lowered <= 102);
}
