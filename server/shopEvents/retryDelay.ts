/**
 * How long to wait before the next try of a delivery that failed `attempts` times: "full jitter" (a random time
 * between 0 and min(max, base * 2^(attempts-1))), so that the deliveries that failed together while an endpoint
 * was down do not all come back at the same moment when it is up again. `random` in [0, 1).
 */
export function retryDelay(
  attempts: number,
  settings: { retryBaseMs: number; retryMaxMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  return Math.floor(random() * ceiling);
}
