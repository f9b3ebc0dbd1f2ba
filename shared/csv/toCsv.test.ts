import { expect, test } from 'vitest';
import { toCsv } from './toCsv';

test('quotes what needs quoting and nothing else', () => {
  expect(
    toCsv(
      ['a', 'b'],
      [
        ['plain', 'x,y'],
        ['say "hi"', 'two\nlines'],
        [null, 3],
      ],
    ),
  ).toBe('a,b\r\nplain,"x,y"\r\n"say ""hi""","two\nlines"\r\n,3\r\n');
});

test('text that a spreadsheet would run as a formula is defused', () => {
  const csv = toCsv(['message'], [['=HYPERLINK("http://evil")'], ['+1'], ['-2'], ['@SUM(A1)']]);
  expect(csv.split('\r\n').slice(1, 5)).toEqual([`"'=HYPERLINK(""http://evil"")"`, "'+1", "'-2", "'@SUM(A1)"]);
});

test('numbers are written as they are', () => {
  expect(toCsv(['n'], [[-5]])).toBe('n\r\n-5\r\n');
});
