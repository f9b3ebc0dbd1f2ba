import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from './db';
import { startWalCheckpointer } from './walCheckpointer';

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

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

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
      await until(async () => (await checkpointer.checkpoints()) >= 1);
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 200; i++) insert.run(['x'.repeat(4000)]);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      await until(async () => (await checkpointer.checkpoints()) >= 4);
      // without checkpoints the WAL would hold all 1,000 rows of 4 kB (over 4 MB); it restarts after each one
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
    await until(async () => (await checkpointer.checkpoints()) >= 1);
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
      await until(async () => (await store.walCheckpointer!.checkpoints()) >= 1);
    } finally {
      await store.close();
    }
    const memory = await openStore({ kind: 'sqlite', file: ':memory:' });
    expect(memory.walCheckpointer).toBeUndefined();
    await memory.close();
  });
});
