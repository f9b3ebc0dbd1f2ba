import { expect, vi } from 'vitest';
import type { Backend } from './startBackend';

/**
 * Waits until every notification cue naming the gateway order `gatewayOrderNo` was acted on (migration 019): the
 * gateway answered the query and refund search it prompted, and the answers were applied. Returns the cues.
 */
export async function cuesDone(backend: Pick<Backend, 'store'>, gatewayOrderNo: string, timeout = 15_000) {
  return vi.waitFor(
    async () => {
      const cues = await backend.store.db
        .selectFrom('notification_cues')
        .selectAll()
        .where('order_no', '=', gatewayOrderNo)
        .execute();
      expect(cues.length).toBeGreaterThan(0);
      expect(cues.map((c) => c.state)).toEqual(cues.map(() => 'done'));
      return cues;
    },
    { timeout, interval: 50 },
  );
}
