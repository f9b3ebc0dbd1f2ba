import type { MethodField, SessionView } from '../../shared/contract/session';
import type { ShopperDetails } from '../../shared/contract/payment';

export const ADDRESS_KEYS = ['country', 'state', 'city', 'address', 'postal_code'] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];
export type AddressValues = Record<AddressKey, string>;

/** What the shopper typed, as typed. Field paths (`billing.city`) match the backend's error paths under `shopper.`. */
export interface FormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  document: string;
  birth_date: string;
  bank_code: string;
  billing: AddressValues;
  deliverySame: boolean;
  delivery: AddressValues;
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

/** The form's first values: the shop's prefill, the session country as the default billing country. */
export function initialValues(session: SessionView): FormValues {
  const p = session.shopper ?? {};
  const country = session.country ?? '';
  const billing = address(p.billing, country);
  return {
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    document: p.document ?? '',
    birth_date: p.birth_date ?? '',
    bank_code: '',
    billing,
    deliverySame: !p.delivery,
    delivery: p.delivery ? address(p.delivery, billing.country) : { ...billing },
  };
}

function trimAddress(a: AddressValues): ShopperDetails['billing'] {
  return {
    country: a.country.trim(),
    state: a.state.trim(),
    city: a.city.trim(),
    address: a.address.trim(),
    postal_code: a.postal_code.trim(),
  };
}

/**
 * The payment body's `shopper`: trimmed, with the extra fields only when the method asks for them and the
 * delivery address omitted when it is the billing one (the contract's "omitted = billing").
 */
export function toShopperDetails(values: FormValues, needs: readonly MethodField[]): ShopperDetails {
  const shopper: ShopperDetails = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    billing: trimAddress(values.billing),
  };
  if (needs.includes('document')) shopper.document = values.document.trim();
  if (needs.includes('birth_date')) shopper.birth_date = values.birth_date.trim();
  if (!values.deliverySame) shopper.delivery = trimAddress(values.delivery);
  return shopper;
}
