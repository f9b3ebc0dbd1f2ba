/**
 * How many `/v1/retrievalTrans` calls a query of these order numbers takes under the docs' limits
 * (docs/gateway-evidence.md 5): at most 100 references a call, the comma-separated list at most 1000 characters.
 * Written from the docs, apart from the client's own splitting, so a test can hold the client to them.
 */
export function countQueryCalls(orderNos: readonly string[]): number {
  let calls = 0;
  let count = 0;
  let chars = 0;
  for (const no of orderNos) {
    if (count === 0 || count === 100 || chars + 1 + no.length > 1000) {
      calls += 1;
      count = 0;
      chars = -1;
    }
    count += 1;
    chars += 1 + no.length;
  }
  return calls;
}
