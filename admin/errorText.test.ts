import { expect, test } from 'vitest';
import { ApiError } from './api/client';
import { errorText, fieldName, ownerWords } from './errorText';

test('server messages shown to owners name no API field and no environment variable (issue #32)', () => {
  expect(ownerWords('payment_amount: must have exactly the decimals of EUR, e.g. "10.36"')).toBe(
    'Amount: must have exactly the decimals of EUR, e.g. "10.36"',
  );
  expect(ownerWords('url: must be HTTPS when NODE_ENV=production')).toBe('Address (URL): must be HTTPS on a live shop');
  expect(ownerWords('beneficiary.bank_details.iban: is not a valid IBAN (and 1 more)')).toBe(
    'Beneficiary, bank details, IBAN: is not a valid IBAN (and 1 more)',
  );
  expect(ownerWords('two-factor sign-in is required (NODE_ENV=production)')).toBe('two-factor sign-in is required');
  expect(ownerWords('give recipient_id or payment_amount and payment_currency')).toBe(
    'give Recipient or Amount and Currency',
  );
  // plain words and things that only look like names stay as they are
  expect(ownerWords('the amount is over what is left; see https://shop.example/help')).toBe(
    'the amount is over what is left; see https://shop.example/help',
  );
  expect(errorText(new ApiError(400, 'invalid_request', 'payment_currency: must be a three-letter code'))).toBe(
    'Currency: must be a three-letter code',
  );
  expect(errorText(new Error('TypeError: x is undefined'))).toBe('Something went wrong. Try again.');
});

test("a field is named by the form's label when it has one, else in words", () => {
  expect(fieldName('payment_amount')).toBe('Amount');
  expect(fieldName('payer.address.country_code')).toBe('Payer, address, Country');
  expect(fieldName('orders.3.amount')).toBe('Orders, Amount');
  expect(fieldName('payment_amount', () => 'Amount (Payment)')).toBe('Amount (Payment)');
});
