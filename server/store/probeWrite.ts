import type { Db } from './db';

/** The one row the probe rewrites: in the leases table, which every store has and nothing else reads by this name. */
const PROBE_ROW = 'readyz:write-probe';

/**
 * Writes one small row, as `/readyz` needs to know: a store that answers reads but refuses writes (read-only
 * file or replica, a full disk, a lock nobody releases) cannot take a payment. The same row is rewritten each
 * time, so probing costs no space.
 */
export async function probeWrite(db: Db, at: Date): Promise<void> {
  const expires = at.toISOString();
  await db
    .insertInto('leases')
    .values({ name: PROBE_ROW, holder: 'readyz', expires_at: expires })
    .onConflict((oc) => oc.column('name').doUpdateSet({ expires_at: expires }))
    .execute();
}
