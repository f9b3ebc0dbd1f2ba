import type { CreatePaymentBody } from '../../shared/contract/payment';
import type { FieldError } from '../../shared/contract/errors';
import { checkDocument } from '../../shared/document/checkDocument';
import type { PaymentMethod } from './paymentMethods';

/**
 * The fields `method` asks for that the body lacks or gets wrong (Boleto the document number, iDEAL a bank, a
 * method configured so the billing address or phone), as field errors. `sessionCountry` is the shop's word on
 * where the shopper is; without it the billing country says which document rules apply (shared/document).
 */
export function missingMethodFields(
  method: PaymentMethod,
  body: CreatePaymentBody,
  sessionCountry?: string | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const { shopper } = body;
  const required = (path: string) => errors.push({ path, message: `is required for ${method.id}` });
  const needs = new Set(method.fields);
  // the payer's `person` (docs/gateway-api.md 2.2) carries a document, a phone and the street address
  if (needs.has('person')) for (const f of ['document', 'billing_address'] as const) needs.add(f);
  if (needs.has('billing_address') && !shopper.billing) required('shopper.billing');
  if (needs.has('phone') && !shopper.phone) required('shopper.phone');
  if (needs.has('document')) {
    if (!shopper.document) required('shopper.document');
    else if (checkDocument(shopper.document, sessionCountry ?? shopper.billing?.country))
      errors.push({ path: 'shopper.document', message: 'is not a valid CPF or CNPJ number (check digits)' });
  }
  if (needs.has('birth_date') && !shopper.birth_date) required('shopper.birth_date');
  if (needs.has('person')) {
    if (!shopper.person) required('shopper.person.document_type');
    if (shopper.billing && !shopper.billing.number) required('shopper.billing.number');
    if (shopper.billing && !shopper.billing.district) required('shopper.billing.district');
    if (shopper.delivery && !shopper.delivery.district) required('shopper.delivery.district');
  }
  if (needs.has('bank_code')) {
    if (!body.bank_code) required('bank_code');
    else if (method.banks && !method.banks.some((b) => b.code === body.bank_code))
      errors.push({ path: 'bank_code', message: `is not a bank offered for ${method.id}` });
  }
  return errors;
}
