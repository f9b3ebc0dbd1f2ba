/**
 * Wraps a fetch handler to know which requests are still being answered, so a closing server can wait for them
 * before it closes the store under their feet (a request a fault held open is let go first, then finishes here).
 */
export function trackRequests<A extends unknown[]>(handle: (...args: A) => Response | Promise<Response>) {
  const pending = new Set<Promise<void>>();
  return {
    fetch(...args: A): Promise<Response> {
      const answer = Promise.resolve().then(() => handle(...args));
      const done = answer.then(
        () => undefined,
        () => undefined,
      );
      pending.add(done);
      void done.then(() => pending.delete(done));
      return answer;
    },
    /** resolves once every request started so far has its answer */
    async settled(): Promise<void> {
      await Promise.all(pending);
    },
  };
}
