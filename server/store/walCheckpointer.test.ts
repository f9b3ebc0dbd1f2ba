import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore } from './db';
import { startWalCheckpointer, type WalCheckpointer } from './walCheckpointer';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wal-'));
  dirs.push(dir);
  return join(dir, 'test.db');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A WAL database where this connection never checkpoints by itself. */
function openWithoutAutoCheckpoint(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (id integer primary key, v text)');
  return db;
}

/** Waits until the worker has made at least `n` checkpoints; generous, since a loaded machine delays the worker. */
const checkpointsReach = (checkpointer: WalCheckpointer, n: number) =>
  vi.waitFor(
    async () => {
      expect(await checkpointer.checkpoints()).toBeGreaterThanOrEqual(n);
    },
    { timeout: 20_000, interval: 20 },
  );

describe('startWalCheckpointer', () => {
  it('copies the WAL into the database from its worker, so the WAL starts over instead of growing', async () => {
    const file = tempFile();
    const db = openWithoutAutoCheckpoint(file);
    const insert = db.prepare('insert into t (v) values (?)');
    const checkpointer = startWalCheckpointer(
      file,
      (m) => {
        throw new Error(m);
      },
      20,
    );
    try {
      await checkpointsReach(checkpointer, 1);
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 200; i++) insert.run(['x'.repeat(4000)]);
        // a checkpoint counted two ticks on started after these writes, so it copied all of them: the next
        // write starts the WAL over (the count alone, however late the worker runs on a busy machine)
        await checkpointsReach(checkpointer, (await checkpointer.checkpoints()) + 2);
      }
      // without checkpoints the WAL would hold all 1,000 rows of 4 kB (over 4 MB); it restarts after each round
      insert.run(['after']);
      expect(statSync(`${file}-wal`).size).toBeLessThan(4_000_000);
      // everything is there, and the database file itself holds the checkpointed rows
      expect((db.prepare('select count(*) as n from t').get([]) as { n: number }).n).toBe(1001);
    } finally {
      await checkpointer.stop();
      db.close();
    }
    const reopened = new Database(file);
    expect((reopened.prepare('select count(*) as n from t').get([]) as { n: number }).n).toBe(1001);
    reopened.close();
  });

  it('stops: its worker ends and a second stop is harmless', async () => {
    const file = tempFile();
    const db = openWithoutAutoCheckpoint(file);
    const checkpointer = startWalCheckpointer(file, () => {}, 20);
    await checkpointsReach(checkpointer, 1);
    await checkpointer.stop();
    await checkpointer.stop();
    expect(await checkpointer.checkpoints()).toBe(-1);
    db.close();
  });
});

describe('openStore on SQLite', () => {
  it('checkpoints in the worker and keeps only a far automatic checkpoint on its own connection', async () => {
    const file = tempFile();
    const store = await openStore({ kind: 'sqlite', file });
    try {
      expect(store.walCheckpointer).toBeDefined();
      await checkpointsReach(store.walCheckpointer!, 1);
    } finally {
      await store.close();
    }
    const memory = await openStore({ kind: 'sqlite', file: ':memory:' });
    expect(memory.walCheckpointer).toBeUndefined();
    await memory.close();
  });
});
