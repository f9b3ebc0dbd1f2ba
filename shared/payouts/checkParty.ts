import type { FieldError } from '../contract/errors';

export type Party = {
  entity_type?: string;
  first_name?: string;
  last_name?: string;
  company_name?: string;
  date_of_birth?: string;
};

/** Who a party is: a company by its name, a person by first and last name (entity_type says which is required). */
export function checkParty(prefix: string, party: Party | undefined, errors: FieldError[], today: string): void {
  if (!party) return;
  const has = (v: string | undefined) => v !== undefined && v.trim() !== '';
  const person = has(party.first_name) && has(party.last_name);
  if (party.entity_type === 'COMPANY' && !has(party.company_name))
    errors.push({ path: `${prefix}.company_name`, message: 'is required when entity_type is COMPANY' });
  else if (party.entity_type === 'PERSONAL') {
    if (!has(party.first_name))
      errors.push({ path: `${prefix}.first_name`, message: 'is required when entity_type is PERSONAL' });
    if (!has(party.last_name))
      errors.push({ path: `${prefix}.last_name`, message: 'is required when entity_type is PERSONAL' });
  } else if (!party.entity_type && !person && !has(party.company_name)) {
    errors.push({
      path: `${prefix}.company_name`,
      message: 'is required, or first_name and last_name: say who this is',
    });
  }
  if (party.date_of_birth && party.date_of_birth >= today)
    errors.push({ path: `${prefix}.date_of_birth`, message: 'must be in the past' });
}
