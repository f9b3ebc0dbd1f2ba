import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The actor (`actorOf(principal)`) of the request whose work is running, carried by Node's AsyncLocalStorage
 * from `authenticate` to every audit line that request causes, however deep: a bulk refund's journal and gateway
 * calls, a payout, a sync's state changes, even a line written after the answer. Passing it as a parameter
 * through every operation would leave the next new audit line one forgotten argument away from naming nobody.
 * Work that no request started (the reconcile loop, a gateway notification) has no actor.
 */
const storage = new AsyncLocalStorage<string>();

export function runAsActor<T>(actor: string, work: () => Promise<T>): Promise<T> {
  return storage.run(actor, work);
}

/** The actor of the request this code runs for, if a request with a principal started it. */
export function currentActor(): string | undefined {
  return storage.getStore();
}
