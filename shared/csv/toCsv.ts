/**
 * RFC 4180 CSV for the owner's spreadsheet. Fields with a comma, quote or line break are quoted, and a field
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is prefixed with an apostrophe:
 * error messages come from the gateway and must not become formulas on the owner's machine.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
