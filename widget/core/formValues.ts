import type { MethodField, PaymentMethodView, SessionView } from '../../shared/contract/session';
import type { CreatePaymentBody, ShopperDetails } from '../../shared/contract/payment';
import {
  VALUE_FIELDS,
  askedFields,
  type BodyValueKey,
  type ValueField,
  type ValueKey,
} from '../../shared/paymentMethods/shopperFields';

export const ADDRESS_KEYS = ['country', 'state', 'city', 'address', 'postal_code'] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];
/** The address parts a method that needs the payer's `person` asks for besides the address line. */
const ADDRESS_PARTS = ['number', 'complement', 'district'] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressValues = Record<AddressKey, string> & Partial<Record<AddressPart, string>>;

/** The payer's `person` details (methods with the `person` field). */
interface PersonValues {
  document_type: string;
  social_name: string;
  net_monthly_average_income: string;
  /** '' = the billing country */
  fiscal_country: string;
}

/**
 * What the shopper typed, as typed, with one value per single field of shared/paymentMethods/shopperFields.ts
 * (phone, document, ...). Field paths (`billing.city`) match the backend's error paths under `shopper.`.
 */
export interface FormValues extends Record<ValueKey, string> {
  first_name: string;
  last_name: string;
  email: string;
  billing: AddressValues;
  deliverySame: boolean;
  delivery: AddressValues;
  person: PersonValues;
  /** an installment count, '' = pay at once */
  installments: string;
  /** a saved card's id, '' = a new card */
  saved_card: string;
  save_card: boolean;
}

function address(prefill: Partial<AddressValues> | undefined, country: string): AddressValues {
  return {
    country: prefill?.country ?? country,
    state: prefill?.state ?? '',
    city: prefill?.city ?? '',
    address: prefill?.address ?? '',
    postal_code: prefill?.postal_code ?? '',
  };
}

/**
 * The form's first values: the shop's prefill, the session country as the default billing country, and the saved
 * card the shopper paid with last (the backend lists it first).
 */
export function initialValues(session: SessionView): FormValues {
  const p = session.shopper ?? {};
  const country = session.country ?? '';
  const billing = address(p.billing, country);
  return {
    // the single fields the shop can prefill (phone, document, birth_date) start with its value
    ...(Object.fromEntries(
      VALUE_FIELDS.map(([key]) => [key, (p as Partial<Record<ValueKey, string>>)[key] ?? '']),
    ) as Record<ValueKey, string>),
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    email: p.email ?? '',
    billing,
    deliverySame: !p.delivery,
    delivery: p.delivery ? address(p.delivery, billing.country) : { ...billing },
    person: { document_type: '', social_name: '', net_monthly_average_income: '', fiscal_country: '' },
    installments: '',
    saved_card: session.methods.find((m) => m.kind === 'card')?.saved_cards?.[0]?.id ?? '',
    save_card: false,
  };
}

/** Trimmed, with what is empty left out. */
function given<K extends string>(values: Partial<Record<K, string>>, keys: readonly K[]): Partial<Record<K, string>> {
  return Object.fromEntries(keys.map((k) => [k, values[k]?.trim() ?? '']).filter(([, v]) => v)) as Partial<
    Record<K, string>
  >;
}

function trimAddress(a: AddressValues, parts: boolean): ShopperDetails['billing'] {
  return {
    country: a.country.trim(),
    state: a.state.trim(),
    city: a.city.trim(),
    address: a.address.trim(),
    postal_code: a.postal_code.trim(),
    ...(parts ? given(a, ADDRESS_PARTS) : {}),
  };
}

/** The billing address (and a delivery one) is asked only by methods that declare it, or the payer's `person`. */
export function asksAddress(needs: readonly MethodField[]): boolean {
  return askedFields(needs).has('billing_address');
}

/** The single fields `needs` asks for (with what its groups imply) that `pick` takes, trimmed, in the form's order. */
function givenValues(values: FormValues, needs: readonly MethodField[], pick: (f: ValueField) => unknown) {
  const asked = askedFields(needs);
  return Object.fromEntries(
    VALUE_FIELDS.filter(([key, f]) => pick(f) && asked.has(key)).map(([key]) => [key, values[key].trim()]),
  );
}

/**
 * The payment body's `shopper`: trimmed, with the address, the phone and the extra fields only when the method
 * asks for them, and the delivery address omitted when it is the billing one (the contract's "omitted = billing").
 */
export function toShopperDetails(values: FormValues, needs: readonly MethodField[]): ShopperDetails {
  const person = needs.includes('person');
  const shopper: ShopperDetails = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    ...givenValues(values, needs, (f) => !f.body && f.withName),
  };
  if (asksAddress(needs)) {
    shopper.billing = trimAddress(values.billing, person);
    if (!values.deliverySame) shopper.delivery = trimAddress(values.delivery, person);
  }
  Object.assign(
    shopper,
    givenValues(values, needs, (f) => !f.body && !f.withName),
  );
  if (person) {
    const p = given(values.person, ['social_name', 'net_monthly_average_income', 'fiscal_country']);
    shopper.person = { document_type: values.person.document_type.trim(), ...p };
  }
  return shopper;
}

/** The single fields the payment body has beside `shopper` (bank_code), for the methods that ask for them. */
export function toBodyFields(values: FormValues, needs: readonly MethodField[]): Pick<CreatePaymentBody, BodyValueKey> {
  return givenValues(values, needs, (f) => f.body);
}

/** The card choices of the payment body: installments, a saved card, or "save my card", only where offered. */
export function toCardChoices(
  values: FormValues,
  method: PaymentMethodView,
): Pick<CreatePaymentBody, 'installments' | 'saved_card' | 'save_card'> {
  if (method.kind !== 'card') return {};
  const count = Number(values.installments);
  const saved = method.saved_cards?.some((c) => c.id === values.saved_card) ? values.saved_card : '';
  return {
    ...(method.installments?.includes(count) ? { installments: count } : {}),
    ...(saved ? { saved_card: saved } : method.save_card && values.save_card ? { save_card: true } : {}),
  };
}
