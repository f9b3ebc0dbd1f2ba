/**
 * RFC 4180 CSV as spreadsheets export it: comma-separated, fields optionally in double quotes (a quote inside
 * doubled), CRLF or LF line ends, a byte-order mark tolerated. Blank lines are skipped. Answers the rows as
 * arrays of fields; the caller decides what the first row means.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (quoted) throw new Error('the CSV ends inside a quoted field');
  if (field !== '' || row.length) endRow();
  return rows;
}

/** Rows as objects keyed by the header row (names trimmed and lower-cased), with the 1-based line of each. */
export function csvRecords(text: string): { line: number; record: Record<string, string> }[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const names = header.map((h) => h.trim().toLowerCase());
  return rows.map((cells, i) => ({
    line: i + 2,
    record: Object.fromEntries(names.map((n, j) => [n, (cells[j] ?? '').trim()])),
  }));
}
