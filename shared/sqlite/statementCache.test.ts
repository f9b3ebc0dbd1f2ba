import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statementCache';

function open() {
  const raw = new Database(':memory:');
  raw.exec('create table t (id integer primary key, v text unique)');
  let prepared = 0;
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((sql: string) => {
    prepared++;
    return prepare(sql);
  }) as typeof raw.prepare;
  return { db: withStatementCache(raw, 3), prepared: () => prepared };
}

describe('withStatementCache', () => {
  it('prepares a SQL text once and reuses it with new parameters, also after a failed run', () => {
    const { db, prepared } = open();
    const insert = 'insert into t (v) values (?)';
    expect(db.prepare(insert).run(['a']).changes).toBe(1);
    expect(() => db.prepare(insert).run(['a'])).toThrow(/UNIQUE/);
    expect(db.prepare(insert).run(['b']).changes).toBe(1);
    const select = 'select v from t where id >= ? order by id';
    expect(db.prepare(select).reader).toBe(true);
    expect(db.prepare(insert).reader).toBe(false);
    expect(db.prepare(select).all([1])).toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(db.prepare(select).all([2])).toEqual([{ v: 'b' }]);
    expect([...db.prepare(select).iterate([1])]).toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(prepared()).toBe(2);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { db, prepared } = open();
    const q = (n: number) => `select ${n} as n`;
    for (const n of [1, 2, 3]) db.prepare(q(n)).all([]);
    db.prepare(q(1)).all([]); // 1 is now the most recent: 2 is the oldest
    db.prepare(q(4)).all([]); // drops 2
    expect(prepared()).toBe(4);
    db.prepare(q(1)).all([]);
    db.prepare(q(3)).all([]);
    expect(prepared()).toBe(4);
    expect(db.prepare(q(2)).all([])).toEqual([{ n: 2 }]);
    expect(prepared()).toBe(5);
  });
});
