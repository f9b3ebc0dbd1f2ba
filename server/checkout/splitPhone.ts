/** A phone number's parts for the gateway's `person` (phone_country_code, phone_area_code, phone_number). */
export interface PhoneParts {
  /** the calling code without "+", e.g. "55" */
  country?: string;
  area?: string;
  number?: string;
}

/**
 * Splits a phone as shoppers type it ("+55 11 91234-5678", "(11) 91234 5678") at its separators: a leading
 * "+" group is the calling code, the next group the area code, the rest the number. A number typed without
 * separators cannot be split without a numbering plan, so it goes whole as the number.
 */
export function splitPhone(phone: string): PhoneParts {
  const groups = phone.match(/\d+/g) ?? [];
  if (groups.length < 2) return groups[0] ? { number: groups[0] } : {};
  const country = phone.trim().startsWith('+') ? groups.shift() : undefined;
  if (groups.length < 2) return { ...(country ? { country } : {}), number: groups.join('') };
  const [area, ...rest] = groups;
  return { ...(country ? { country } : {}), area, number: rest.join('') };
}
