import type { CreatePaymentBody } from '../../shared/contract/payment';
import type { FieldError } from '../../shared/contract/errors';
import type { PaymentMethod } from '../store/paymentMethods';

/** The extra fields `method` needs (e.g. Boleto the document number, iDEAL a bank), as field errors. */
export function missingMethodFields(method: PaymentMethod, body: CreatePaymentBody): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of method.fields) {
    if (field === 'document' && !body.shopper.document)
      errors.push({ path: 'shopper.document', message: `is required for ${method.id}` });
    if (field === 'birth_date' && !body.shopper.birth_date)
      errors.push({ path: 'shopper.birth_date', message: `is required for ${method.id}` });
    if (field === 'person') {
      // the payer's identity and address parts (spec 2.2 person, delivery_district_name) the form asks for
      const { shopper } = body;
      if (!shopper.document && !method.fields.includes('document'))
        errors.push({ path: 'shopper.document', message: `is required for ${method.id}` });
      if (!shopper.person)
        errors.push({ path: 'shopper.person.document_type', message: `is required for ${method.id}` });
      if (!shopper.billing.number)
        errors.push({ path: 'shopper.billing.number', message: `is required for ${method.id}` });
      if (!shopper.billing.district)
        errors.push({ path: 'shopper.billing.district', message: `is required for ${method.id}` });
      if (shopper.delivery && !shopper.delivery.district)
        errors.push({ path: 'shopper.delivery.district', message: `is required for ${method.id}` });
    }
    if (field === 'bank_code') {
      if (!body.bank_code) errors.push({ path: 'bank_code', message: `is required for ${method.id}` });
      else if (method.banks && !method.banks.some((b) => b.code === body.bank_code))
        errors.push({ path: 'bank_code', message: `is not a bank offered for ${method.id}` });
    }
  }
  return errors;
}
