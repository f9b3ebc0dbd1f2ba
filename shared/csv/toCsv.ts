/** A plain number (`-5`, `+1.50`, `12,5`): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
/** A plain e-mail address: letters, digits and `._%+-` before the @, a domain after it; no formula can hide in it. */
const PLAIN_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/**
 * RFC 4180 CSV for the owner's spreadsheet. Fields with the separator, a quote or a line break are quoted, and a
 * field that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is prefixed with an
 * apostrophe: error messages come from the gateway and must not become formulas on the owner's machine. A plain
 * number (`-5.00`) or a plain e-mail address (`-sales@shop.example`) is left as it is, since the apostrophe would
 * alter it and no formula can run from it. `separator` is `;` for a spreadsheet set to a decimal comma
 * (shared/csv/spreadsheetDialect.ts).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
  separator: ',' | ';' = ',',
): string {
  return `${[header, ...rows].map((row) => row.map((v) => cell(v, separator)).join(separator)).join('\r\n')}\r\n`;
}

function cell(value: string | number | boolean | null | undefined, separator: string): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s) && !PLAIN_EMAIL.test(s)) s = `'${s}`;
  return s.includes(separator) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
