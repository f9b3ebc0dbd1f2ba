/** `YYYYMMDDhhmmss` in UTC (docs/gateway-api.md 2.6 transaction_date, docs/protocol-decisions.md 6 notify_time). */
export function compactUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** `YYYY-MM-DD` in UTC. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
