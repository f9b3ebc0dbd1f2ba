import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { giveBackSchema, takeSchema } from '../testing/postgresSchemas';
import { describeOnStores } from '../testing/storeVariants';
import { openStore, type Store, type StoreOptions } from './db';
import { readSnapshot } from './runInTransaction';

/**
 * Reads that must agree (the order page: the order's row, its attempts, alerts, refunds) see one moment of the
 * store, even when a commit from elsewhere lands between two of them. The writer is a second store on the same
 * database (on SQLite another connection to the file), as another request or process would be.
 */
describeOnStores('readSnapshot', (kind) => {
  let reader: Store;
  let writer: Store;
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    let options: StoreOptions;
    if (kind === 'postgres') {
      const url = process.env.DATABASE_URL!;
      const schema = await takeSchema(url);
      options = { kind, url, schema };
      cleanUp = () => giveBackSchema(url, schema);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
      options = { kind, file: join(dir, 'merchant.db') };
      cleanUp = async () => rmSync(dir, { recursive: true, force: true });
    }
    reader = await openStore(options);
    writer = await openStore(options, { migrate: false });
  });
  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await cleanUp?.();
  });

  const holderOf = (db: Store['db'], name: string) =>
    db
      .selectFrom('leases')
      .select('holder')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
      .then((r) => r.holder);

  it('a commit made between two reads is seen by neither; the next read after it sees it', async () => {
    await writer.db.insertInto('leases').values({ name: 'snap', holder: 'before', expires_at: '2030' }).execute();
    const seen = await readSnapshot(reader.db, async (trx) => {
      const first = await holderOf(trx, 'snap');
      await writer.db.updateTable('leases').set({ holder: 'after' }).where('name', '=', 'snap').execute();
      await writer.db.insertInto('leases').values({ name: 'snap-2', holder: 'new', expires_at: '2030' }).execute();
      const second = await holderOf(trx, 'snap');
      const rows = await trx.selectFrom('leases').select('name').where('name', 'like', 'snap%').execute();
      return { first, second, names: rows.map((r) => r.name) };
    });
    expect(seen).toEqual({ first: 'before', second: 'before', names: ['snap'] });
    expect(await holderOf(reader.db, 'snap')).toBe('after');
  });
});
