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

test('with a semicolon separator, quotes fields holding a semicolon, not a comma', () => {
  expect(toCsv(['a', 'b'], [['1,50', 'x;y']], ';')).toBe('a;b\r\n1,50;"x;y"\r\n');
});

test('text that a spreadsheet would run as a formula is defused', () => {
  const csv = toCsv(['message'], [['=HYPERLINK("http://evil")'], ['+1+cmd'], ['-2+3'], ['@SUM(A1)'], ['=cmd@x.com']]);
  expect(csv.split('\r\n').slice(1, 6)).toEqual([
    `"'=HYPERLINK(""http://evil"")"`,
    "'+1+cmd",
    "'-2+3",
    "'@SUM(A1)",
    "'=cmd@x.com",
  ]);
});

test('plain numbers and plain e-mail addresses are written as they are, not altered by an apostrophe', () => {
  expect(toCsv(['n'], [[-5], ['-5.00'], ['+1,50'], ['-sales@shop.example'], ['+44@sms.example.co.uk']])).toBe(
    'n\r\n-5\r\n-5.00\r\n"+1,50"\r\n-sales@shop.example\r\n+44@sms.example.co.uk\r\n',
  );
});
