/** Words for an order whose gateway status code is outside the profile, for the owner and the logs. */
export function unknownStatusNote(code: string): string {
  return `the gateway reported status ${code}, which this version does not know`;
}
