import { basename } from 'node:path';
import type { CliIo } from './io';
import { InputError } from './InputError';
import { csvRecords, parseCsvLines } from './parseCsv';
import { readInputFile } from './readInputFile';

/** The columns a command reads: at least one of `needs`, and (unless `others: true`) none but `takes`. */
export interface CsvColumns {
  needs: readonly string[];
  takes: readonly string[];
  /** extra columns are ignored (sync reads an exported orders file by its order_no column) */
  others?: boolean;
}

/**
 * Reads a spreadsheet the owner gave, refusing as an InputError what would make its rows mean something else:
 * a missing file, a first line that is not a header, a column the command does not take (a misspelt `amount`
 * would otherwise refund everything), a file separated by semicolons (a spreadsheet set to a comma as decimal
 * separator saves so), a quote never closed.
 */
export function readCsvFile(
  path: string,
  columns: CsvColumns,
  env: CliIo['env'],
): { line: number; record: Record<string, string> }[] {
  const file = readInputFile(path, env);
  const name = basename(file.path);
  const firstLine = file.text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const expected = `${columns.needs.join(' (or ')}${columns.needs.length > 1 ? ')' : ''}${columns.takes.length > columns.needs.length ? `, ${columns.takes.filter((c) => !columns.needs.includes(c)).join(', ')}` : ''}`;
  if (firstLine.includes(';') && !firstLine.includes(','))
    throw new InputError(
      `${name}: the file is separated by semicolons (;); save it as CSV with commas (the columns: ${expected})`,
    );
  let records: ReturnType<typeof csvRecords>;
  try {
    records = csvRecords(file.text);
  } catch (e) {
    throw new InputError(`${name} ${(e as Error).message}`);
  }
  const header = (parseCsvLines(file.text)[0]?.cells ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (!header.some((h) => columns.needs.includes(h)))
    throw new InputError(
      `${name}: the first line must name the columns: ${expected}; it is "${firstLine.slice(0, 80)}"`,
    );
  const unknown = columns.others ? [] : header.filter((h) => !columns.takes.includes(h));
  if (unknown.length) throw new InputError(`${name}: unknown column "${unknown[0]}"; the columns here are ${expected}`);
  return records;
}
