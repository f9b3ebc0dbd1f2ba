import { GatewayError } from './gatewayError';

/** A comma-separated form value as a list: blanks dropped, order kept, duplicates removed. */
export function splitList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

/** Each selector list of a search (docs/gateway-evidence.md 4 and 5) is at most this long, commas included. */
const SEARCH_LIST_MAX_CHARS = 1000;

/** The form field `name` of a search as a list; a value over SEARCH_LIST_MAX_CHARS is I0060 naming the field. */
export function searchList(fields: Readonly<Record<string, unknown>>, name: string): string[] {
  const value = fields[name];
  if (typeof value === 'string' && value.length > SEARCH_LIST_MAX_CHARS)
    throw new GatewayError('I0060', name, `${name} must be at most ${SEARCH_LIST_MAX_CHARS} characters`);
  return splitList(value);
}
