import type { AdminOrder } from '../contract/admin';
import { type SpreadsheetDialect, spreadsheetNumber, spreadsheetTime } from './spreadsheetDialect';
import { toCsv } from './toCsv';

/** The columns of an orders export, the same from the admin page and from `npm run cli -- orders`. */
const COLUMNS = [
  'order_no',
  'status',
  'amount',
  'currency',
  'captured',
  'refunded',
  'transaction_id',
  'email',
  'created_at',
  'updated_at',
] as const;

const AMOUNTS: ReadonlySet<string> = new Set(['amount', 'captured', 'refunded']);
const TIMES: ReadonlySet<string> = new Set(['created_at', 'updated_at']);

/**
 * Orders as the owner's spreadsheet reads them. Without a dialect: comma-separated, amounts as the decimal strings
 * the API answers, times in ISO 8601 (what the command line's `sync --csv` reads back). With one
 * (shared/csv/spreadsheetDialect.ts): the locale's separator and decimal mark, times as `2024-05-01 10:00:00`
 * (UTC), and a UTF-8 byte-order mark, so a double-click opens it as numbers and dates.
 */
export function ordersCsv(orders: readonly AdminOrder[], dialect?: SpreadsheetDialect): string {
  if (!dialect)
    return toCsv(
      COLUMNS,
      orders.map((o) => COLUMNS.map((c) => o[c])),
    );
  const rows = orders.map((o) =>
    COLUMNS.map((c) =>
      AMOUNTS.has(c)
        ? spreadsheetNumber(o[c] as string | null, dialect)
        : TIMES.has(c)
          ? spreadsheetTime(o[c] as string)
          : o[c],
    ),
  );
  return `\ufeff${toCsv(COLUMNS, rows, dialect.separator)}`;
}
