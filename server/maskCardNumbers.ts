/**
 * Card-number masking for log output: a safety net under the rule that code never logs a card number. A card
 * number (PAN) is 13 to 19 digits, written together or in groups separated by single spaces or dashes, that
 * passes the Luhn check; all its digits but the last four become `*`. Digits that only look like one by chance
 * (a 13-digit id that happens to pass Luhn) are masked too: a lost id costs less than a leaked PAN.
 */
import { passesLuhn } from '../shared/card/luhn';

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
const KEEP = 4;

/** Cheap pre-check: no 13 digits in a row (separators allowed), no card number; most log lines stop here. */
const CANDIDATE = /\d(?:[ -]?\d){12}/;

/**
 * In a JSON string's text, `\\` and `\uXXXX` are escapes whose characters are not digits of the content: they
 * are matched first and kept, so masking never breaks an escape sequence. A UUID (8-4-4-4-12 hex digits, 32 in
 * all: too many for a card number however it is grouped) is kept whole: its decimal groups could otherwise pass
 * as one (`bfa818f7-a075-4874-9067-5203cafc5091` has 15 digits in groups, `075-4874-9067-5203`, that pass Luhn), and an idempotency key
 * or request id the owner searches by must stay readable. Anything else is a maximal run of digit groups with
 * single separators.
 */
const TOKEN =
  /\\\\|\\u[0-9a-fA-F]{4}|(?<![0-9a-fA-F-])[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}(?![0-9a-fA-F-])|\d+(?:[ -]\d+)*/g;
/** A token that is a whole UUID, kept as it is. */
const IS_UUID = /^[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$/;

/** A JSON number outside any string. */
const JSON_NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * Masks one run of digit groups, e.g. `4242 4242 4242 4242 123`: every span of whole groups with 13 to 19 digits
 * that passes Luhn is masked, so a card number followed or preceded by other numbers (an expiry, a CVC) is still
 * found. A single unbroken group longer than 19 digits is no card number and stays.
 */
function maskRun(run: string): string {
  const groups = run.split(/[ -]/);
  const separators = run.match(/[ -]/g) ?? [];
  const masked = new Array<boolean>(groups.length).fill(false);
  for (let first = 0; first < groups.length; first++) {
    let digits = '';
    for (let last = first; last < groups.length; last++) {
      digits += groups[last]!;
      if (digits.length > MAX_DIGITS) break;
      if (digits.length >= MIN_DIGITS && passesLuhn(digits)) masked.fill(true, first, last + 1);
    }
  }
  if (!masked.includes(true)) return run;
  const out = groups.slice();
  for (let i = 0; i < groups.length; ) {
    if (!masked[i]) {
      i++;
      continue;
    }
    let end = i;
    while (end + 1 < groups.length && masked[end + 1]) end++;
    // the span's digits with all but the last four hidden, cut back into the span's groups
    const digits = groups.slice(i, end + 1).join('');
    let hidden = '*'.repeat(digits.length - KEEP) + digits.slice(-KEEP);
    for (let g = i; g <= end; g++) {
      out[g] = hidden.slice(0, groups[g]!.length);
      hidden = hidden.slice(groups[g]!.length);
    }
    i = end + 1;
  }
  return out.map((g, k) => g + (separators[k] ?? '')).join('');
}

/** Masks every card number in plain text (or in the text of a JSON string, escapes left intact). */
export function maskCardNumbers(text: string): string {
  if (!CANDIDATE.test(text)) return text;
  return text.replace(TOKEN, (token) => (token.startsWith('\\') || IS_UUID.test(token) ? token : maskRun(token)));
}

/**
 * Masks every card number in one serialized JSON log line, in string values and keys as well as in bare numbers.
 * A number that is a card number becomes a string (`"************4242"`), so the line stays valid JSON.
 */
export function maskCardNumbersInJson(line: string): string {
  if (!CANDIDATE.test(line)) return line;
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] === '"') {
      let j = i + 1;
      while (j < line.length && line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
      out += `"${maskCardNumbers(line.slice(i + 1, j))}"`;
      i = j + 1;
    } else {
      const next = line.indexOf('"', i);
      const end = next === -1 ? line.length : next;
      out += line.slice(i, end).replace(JSON_NUMBER, (n) => {
        const digits = /^-?(\d+)/.exec(n)![1]!;
        if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS || !passesLuhn(digits)) return n;
        return `"${maskRun(digits)}"`;
      });
      i = end;
    }
  }
  return out;
}
