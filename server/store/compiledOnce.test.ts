import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { compiledOnce } from './compiledOnce';
import type { Db } from './db';

describeOnStores('compiledOnce', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  it('builds a statement once per set of keys and runs it with each call’s values, inside transactions too', async () => {
    const db = backend.store.db;
    const build = vi.fn((d: Db, v: { name: string; holder?: string | undefined; expires_at: string }) =>
      d.insertInto('leases').values(v as { name: string; holder: string; expires_at: string }),
    );
    const insert = compiledOnce(build);
    const select = compiledOnce((d: Db, v: { name: string }) =>
      d.selectFrom('leases').select(['name', 'holder', 'expires_at']).where('name', '=', v.name),
    );

    await insert(db, { name: 'compiled-1', holder: 'a', expires_at: '2030-01-01T00:00:00.000Z' });
    await db.transaction().execute(async (trx) => {
      await insert(trx, { name: 'compiled-2', holder: 'b', expires_at: '2030-01-02T00:00:00.000Z' });
    });
    expect(build).toHaveBeenCalledTimes(1);
    expect((await select(db, { name: 'compiled-2' })).rows).toEqual([
      { name: 'compiled-2', holder: 'b', expires_at: '2030-01-02T00:00:00.000Z' },
    ]);
    expect((await select(db, { name: 'compiled-1' })).rows).toEqual([
      { name: 'compiled-1', holder: 'a', expires_at: '2030-01-01T00:00:00.000Z' },
    ]);

    // another set of keys is another statement: an undefined value is left out, as Kysely leaves it out
    await expect(insert(db, { name: 'compiled-3', holder: undefined, expires_at: '2030' })).rejects.toThrow(
      /holder|not-null|NOT NULL/i,
    );
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('keeps a constant of the build as it is and binds every placeholder', async () => {
    const db = backend.store.db;
    await db.insertInto('leases').values({ name: 'compiled-4', holder: 'x', expires_at: '2030' }).execute();
    const move = compiledOnce((d: Db, v: { name: string; holder: string }) =>
      d.updateTable('leases').set({ holder: v.holder }).where('name', '=', v.name).where('holder', '=', 'x'),
    );
    expect((await move(db, { name: 'compiled-4', holder: 'y' })).numAffectedRows).toBe(1n);
    // the constant 'x' no longer matches
    expect((await move(db, { name: 'compiled-4', holder: 'z' })).numAffectedRows).toBe(0n);
    const row = await db.selectFrom('leases').select('holder').where('name', '=', 'compiled-4').executeTakeFirst();
    expect(row).toEqual({ holder: 'y' });
  });
});
