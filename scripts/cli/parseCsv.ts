/**
 * RFC 4180 CSV as spreadsheets export it: comma-separated, fields optionally in double quotes (a quote inside
 * doubled), CRLF or LF line ends, a byte-order mark tolerated. Blank lines are skipped. Answers the rows as
 * arrays of fields; the caller decides what the first row means.
 */
export function parseCsv(text: string): string[][] {
  return parseCsvLines(text).map((r) => r.cells);
}

/**
 * The rows with the line each starts on (1-based, as a text editor counts): a quoted field may span lines and
 * blank lines are skipped, so a row's position in the list is not its line. A quote never closed is an error
 * naming the line it opened on, since everything after it would otherwise be read as one field.
 */
export function parseCsvLines(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push({ line: rowLine, cells: row });
    row = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') {
        i++;
        line++;
      }
      endRow();
      rowLine = line;
    } else field += ch;
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quote (") opened here is never closed`);
  if (field !== '' || row.length) endRow();
  return rows;
}

/**
 * Rows as objects keyed by the header row (names trimmed and lower-cased), with the line each starts on. A row
 * with more fields than the header is an error naming its line: an unquoted `1,500.00` splits into `1` and
 * `500.00`, and reading the first alone would refund 1 instead of 1,500. Empty fields after the last column
 * (a spreadsheet's trailing commas) are not counted.
 */
export function csvRecords(text: string): { line: number; record: Record<string, string> }[] {
  const [header, ...rows] = parseCsvLines(text);
  if (!header) return [];
  const names = header.cells.map((h) => h.trim().toLowerCase());
  return rows.map(({ line, cells }) => {
    const extra = cells.slice(names.length);
    if (extra.some((c) => c.trim() !== ''))
      throw new Error(
        `line ${line}: ${cells.length} fields where the first line names ${names.length} columns; a value with a comma, like 1,500.00, must be in quotes ("1,500.00") or written without the thousands separator (1500.00)`,
      );
    return { line, record: Object.fromEntries(names.map((n, j) => [n, (cells[j] ?? '').trim()])) };
  });
}
