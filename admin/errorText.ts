import { ApiError } from './api/client';

/**
 * The API's field names an owner meets in its messages, in the words of the page's labels. A name not here is
 * written as words (`bank_details.swift_code` -> "bank details, swift code"), never as the API spells it.
 */
const FIELD_WORDS: Record<string, string> = {
  payment_amount: 'Amount',
  payment_currency: 'Currency',
  payment_date: 'Payment date',
  payment_method: 'Payment method',
  fee_paid_by: 'Fee paid by',
  swift_charge_option: 'SWIFT charges',
  source_amount: 'Source amount',
  source_currency: 'Source currency',
  fund_source: 'Fund source',
  beneficiary_id: 'Beneficiary id',
  client_data: 'Your own data',
  recipient_id: 'Recipient',
  amount: 'Amount',
  currency: 'Currency',
  reference: 'Reference',
  reason: 'Reason',
  order_no: 'Order number',
  order_nos: 'Order numbers',
  transaction_id: 'Transaction id',
  idempotency_key: 'Request key',
  iban: 'IBAN',
  swift_code: 'SWIFT / BIC',
  account_number: 'Account number',
  account_name: 'Account name',
  bank_code: 'Bank code',
  country_code: 'Country',
  first_name: 'First name',
  last_name: 'Last name',
  company_name: 'Company name',
  delay_minutes: 'Minutes after it is found',
  url: 'Address (URL)',
  email: 'E-mail',
};

/** A field's name for the owner: the form's own label when it has one (`labelOf`), else the API's name in words. */
export function fieldName(path: string, labelOf?: (path: string) => string | undefined): string {
  const own = labelOf?.(path);
  if (own) return own;
  const words = path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .map((part) => FIELD_WORDS[part] ?? part.replace(/_/g, ' '));
  const name = words.join(', ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A server message as the owner reads it: no environment variable (`when NODE_ENV=production` -> "on a live
 * shop"), and an API field name that leads it (`payment_amount: must be ...`) or is quoted in it written as the
 * field's label. Plain words (`the amount is over ...`) are left alone: only names with `_` or `.` are API names.
 */
export function ownerWords(message: string): string {
  return message
    .replace(/\s*\(NODE_ENV=production\)/g, '')
    .replace(/\b(?:when|if) NODE_ENV=production\b/g, 'on a live shop')
    .replace(/\bNODE_ENV=production\b/g, 'a live shop')
    .replace(/^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*): /, (_, path: string) => `${fieldName(path)}: `)
    .replace(/(?<![\w.])([a-z][a-z0-9]*(?:[_.][a-z0-9]+)+)(?![\w.])/g, (name: string) =>
      Object.hasOwn(FIELD_WORDS, name.split('.').at(-1)!) ? fieldName(name) : name,
    );
}

/** A sentence for the owner from any failure: the API's own message, in the owner's words. */
export function errorText(err: unknown): string {
  return err instanceof ApiError ? ownerWords(err.message) : 'Something went wrong. Try again.';
}
