/**
 * The delivery workers of this process, told when an event was written here, so that they deliver it promptly
 * instead of at their next poll. The event is still in its transaction when they are told: a worker that finds
 * nothing yet looks again shortly (startShopEventWorker). Workers of other processes find it by polling.
 */
const listeners = new Set<() => void>();

export function wakeDeliveries(): void {
  for (const listener of listeners) listener();
}

/** Subscribes a worker; returns its unsubscribe. */
export function onEventsWritten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
