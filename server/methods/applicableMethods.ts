import type { PaymentMethodView } from '../../shared/contract/session';
import type { PaymentMethod } from './paymentMethods';

export interface SessionFit {
  country: string | null;
  currency: string;
  amountMinor: number;
}

/**
 * Does `method` fit the session? Enabled, and its country, currency and amount bounds (if any) admit the
 * session. A session without a country is not filtered by country: the shopper has not said where they are.
 */
export function methodFits(method: PaymentMethod, s: SessionFit): boolean {
  if (!method.enabled) return false;
  if (method.countries && s.country && !method.countries.includes(s.country)) return false;
  if (method.currencies && !method.currencies.includes(s.currency)) return false;
  if (method.minMinor !== null && s.amountMinor < method.minMinor) return false;
  if (method.maxMinor !== null && s.amountMinor > method.maxMinor) return false;
  return true;
}

/** The label in `locale` ("pt-BR", then "pt"), falling back to English, then to the id. */
function labelFor(method: PaymentMethod, locale: string | null): string {
  const tags = locale ? [locale, locale.split('-')[0]!] : [];
  for (const tag of [...tags, 'en']) {
    const label = method.labels[tag];
    if (label) return label;
  }
  return method.id;
}

export function toMethodView(method: PaymentMethod, locale: string | null): PaymentMethodView {
  return {
    id: method.id,
    kind: method.kind,
    label: labelFor(method, locale),
    ...(method.paymentMethod ? { payment_method: method.paymentMethod } : {}),
    fields: method.fields,
    ...(method.banks ? { banks: method.banks } : {}),
  };
}
