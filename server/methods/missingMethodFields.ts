import type { CreatePaymentBody } from '../../shared/contract/payment';
import type { FieldError } from '../../shared/contract/errors';
import { checkDocument } from '../../shared/document/checkDocument';
import {
  METHOD_FIELDS,
  SHOPPER_FIELDS,
  askedFields,
  bodyPath,
  bodyValue,
  type MethodField,
  type ValueField,
  type ValueKey,
} from '../../shared/paymentMethods/shopperFields';
import type { PaymentMethod } from './paymentMethods';

/**
 * The fields `method` asks for (shared/paymentMethods/shopperFields.ts) that the body lacks or gets wrong (Boleto
 * the document number, iDEAL a bank, a method configured so the billing address or phone), as field errors: those
 * of the shopper first, then those beside it, as the body is laid out. The value's shape is the contract's
 * (shared/contract/payment.ts); what needs the method or the country is checked here. `sessionCountry` is the
 * shop's word on where the shopper is; without it the billing country says which document rules apply
 * (shared/document).
 */
export function missingMethodFields(
  method: PaymentMethod,
  body: CreatePaymentBody,
  sessionCountry?: string | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const { shopper } = body;
  const required = (path: string) => errors.push({ path, message: `is required for ${method.id}` });
  const needs = askedFields(method.fields);
  const asked = METHOD_FIELDS.filter((key) => needs.has(key));
  const beside = (key: MethodField) => (SHOPPER_FIELDS[key] as ValueField).body;
  for (const key of [...asked.filter((k) => !beside(k)), ...asked.filter(beside)]) {
    const field = SHOPPER_FIELDS[key];
    if (!('group' in field)) {
      const path = bodyPath(key as ValueKey);
      const value = bodyValue(body, key as ValueKey);
      if (!value) required(path);
      else {
        const problem = valueProblem(field, value, method, sessionCountry ?? shopper.billing?.country);
        if (problem) errors.push({ path, message: problem });
      }
    } else if (field.group === 'address') {
      if (!shopper.billing) required('shopper.billing');
    } else {
      if (!shopper.person) required('shopper.person.document_type');
      if (shopper.billing && !shopper.billing.number) required('shopper.billing.number');
      if (shopper.billing && !shopper.billing.district) required('shopper.billing.district');
      if (shopper.delivery && !shopper.delivery.district) required('shopper.delivery.district');
    }
  }
  return errors;
}

/** What is wrong with a given value beyond its shape: not a document of the country, not one of the choices. */
function valueProblem(
  field: ValueField,
  value: string,
  method: PaymentMethod,
  country: string | undefined,
): string | undefined {
  if (field.document && checkDocument(value, country)) return 'is not a valid CPF or CNPJ number (check digits)';
  if (field.choices === 'banks') {
    if (method.banks && !method.banks.some((b) => b.code === value)) return `is not a bank offered for ${method.id}`;
  } else if (field.choices && !field.choices.includes(value)) return `must be one of ${field.choices.join(', ')}`;
  return undefined;
}
