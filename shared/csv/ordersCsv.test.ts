import { expect, test } from 'vitest';
import type { AdminOrder } from '../contract/admin';
import { ordersCsv } from './ordersCsv';
import { spreadsheetDialect } from './spreadsheetDialect';

const ORDERS: AdminOrder[] = [
  {
    order_no: 'ORD-1',
    status: 'refunded',
    amount: '1500.00',
    currency: 'BRL',
    captured: '1500.00',
    refunded: '12.50',
    transaction_id: 'T1',
    email: '-joão@shop.example',
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-02T08:30:15Z',
    alert: null,
  },
  {
    order_no: 'ORD-2',
    status: 'created',
    amount: '14480',
    currency: 'JPY',
    captured: null,
    refunded: null,
    transaction_id: null,
    email: '-sales@shop.example',
    created_at: '2024-05-03T00:00:00Z',
    updated_at: '2024-05-03T00:00:00Z',
    alert: null,
  },
];

const HEADER = 'order_no,status,amount,currency,captured,refunded,transaction_id,email,created_at,updated_at';

test('for de-DE and pt-BR: a BOM, semicolons, decimal commas, dates a spreadsheet reads, e-mails unaltered', () => {
  const expected =
    '\ufeff' +
    `${HEADER.replaceAll(',', ';')}\r\n` +
    // an address that is not plain (a non-ASCII letter) and starts with - keeps its guard
    "ORD-1;refunded;1500,00;BRL;1500,00;12,50;T1;'-joão@shop.example;2024-05-01 10:00:00;2024-05-02 08:30:15\r\n" +
    'ORD-2;created;14480;JPY;;;;-sales@shop.example;2024-05-03 00:00:00;2024-05-03 00:00:00\r\n';
  for (const locale of ['de-DE', 'pt-BR']) {
    const csv = ordersCsv(ORDERS, spreadsheetDialect(locale));
    expect(csv, locale).toBe(expected);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  }
});

test('for en-US: commas and decimal points, with the BOM and spreadsheet dates', () => {
  expect(ordersCsv(ORDERS.slice(1), spreadsheetDialect('en-US'))).toBe(
    `\ufeff${HEADER}\r\nORD-2,created,14480,JPY,,,,-sales@shop.example,2024-05-03 00:00:00,2024-05-03 00:00:00\r\n`,
  );
});

test('without a dialect: the plain CSV the command line reads back (ISO times, decimal points, no BOM)', () => {
  expect(ordersCsv(ORDERS.slice(1))).toBe(
    `${HEADER}\r\nORD-2,created,14480,JPY,,,,-sales@shop.example,2024-05-03T00:00:00Z,2024-05-03T00:00:00Z\r\n`,
  );
});

test('a locale that is not one is refused', () => {
  expect(() => spreadsheetDialect('not a locale')).toThrow(RangeError);
});
