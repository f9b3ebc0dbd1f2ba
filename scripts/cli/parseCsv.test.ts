import { describe, expect, it } from 'vitest';
import { toCsv } from '../../shared/csv/toCsv';
import { csvRecords, parseCsv } from './parseCsv';
import { readBulkCsv } from './readBulkCsv';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and LF, a BOM, and skips blank lines', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n\n"multi\nline",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', ''],
    ]);
  });

  it('reads back what the results CSV writes', () => {
    const rows = [
      ['ORD-1', 'E0009:Wrong, "status"'],
      ['ORD-2', '=cmd'],
    ];
    expect(parseCsv(toCsv(['order_no', 'error'], rows))).toEqual([
      ['order_no', 'error'],
      ['ORD-1', 'E0009:Wrong, "status"'],
      ['ORD-2', "'=cmd"],
    ]);
  });

  it('refuses a file that ends inside quotes', () => {
    expect(() => parseCsv('a\nb\n"open\nmore')).toThrow('line 3: a quote (") opened here is never closed');
  });
});

describe('readBulkCsv', () => {
  it('turns rows into items, and rows it cannot send into results naming their line', () => {
    const records = csvRecords('Transaction_ID,order_no,approve\nT1,,yes\n,ORD-2,reject\n,ORD-3,maybe\n,,true\n');
    expect(readBulkCsv(records, 'review')).toEqual({
      items: [
        { transaction_id: 'T1', approve: true },
        { order_no: 'ORD-2', approve: false },
      ],
      lines: [2, 3],
      refused: [
        {
          line: 4,
          result: {
            order_no: 'ORD-3',
            ok: false,
            error: { code: 'invalid_row', message: 'line 4: approve must be true (approve) or false (reject)' },
          },
        },
        {
          line: 5,
          result: {
            order_no: 'line 5',
            ok: false,
            error: { code: 'invalid_row', message: 'line 5: needs an order_no or a transaction_id' },
          },
        },
      ],
    });
    expect(readBulkCsv(csvRecords('order_no,amount\nORD-1,5.00\n'), 'cancel').refused).toEqual([
      {
        line: 2,
        result: {
          order_no: 'ORD-1',
          ok: false,
          error: { code: 'invalid_row', message: 'line 2: an amount is not taken by cancel' },
        },
      },
    ]);
  });

  it('refuses a row with more fields than the header by its line (an unquoted 1,500.00), not trailing empty ones', () => {
    expect(() => csvRecords('order_no,amount\nORD-1,5.00\n\nORD-2,1,500.00\n')).toThrow(
      'line 4: 3 fields where the first line names 2 columns; a value with a comma, like 1,500.00, must be in quotes ("1,500.00") or written without the thousands separator (1500.00)',
    );
    expect(csvRecords('order_no,amount\nORD-1,"1,500.00"\nORD-2,5.00,,\n').map((r) => r.record)).toEqual([
      { order_no: 'ORD-1', amount: '1,500.00' },
      { order_no: 'ORD-2', amount: '5.00' },
    ]);
  });

  it('counts lines as an editor does: a quoted field over two lines and blank lines move the rows below', () => {
    expect(csvRecords('order_no,reason\r\nA,"two\r\nlines"\r\n\r\nB,x\n').map((r) => r.line)).toEqual([2, 5]);
  });
});
