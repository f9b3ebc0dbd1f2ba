/** Query parameters without the empty ones, as a form with blank filters sends them. */
export function givenQuery(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
}
