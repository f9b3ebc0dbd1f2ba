/// <reference path="./betterSqlite3.d.ts" />
import type Database from 'better-sqlite3';

/** What Kysely's SqliteDialect uses of a better-sqlite3 database: `prepare` and `close`. */
export interface PreparingDatabase {
  prepare(sql: string): CachedStatement;
  close(): void;
}

/** A prepared statement as Kysely's SQLite driver uses it, with `reader` read once instead of at every call. */
interface CachedStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * Wraps a better-sqlite3 database so that each distinct SQL text is prepared once and reused: Kysely's SQLite driver
 * prepares every statement anew, and preparing cost as much as running (11 % of the backend's busy time in the
 * payment benchmark, bench/RESULTS.md). A statement is rebound and reset at each run, so reuse is safe; Kysely
 * runs one statement at a time on its single SQLite connection (a streamed select holds that connection until
 * it ends). The least recently used statements beyond `size` are dropped (SQL with IN lists of varying length
 * makes many texts).
 */
export function withStatementCache(database: Database, size = 500): PreparingDatabase {
  const cache = new Map<string, CachedStatement>();
  return {
    prepare(sql: string): CachedStatement {
      const hit = cache.get(sql);
      if (hit) {
        // most recently used last: Map keeps insertion order
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = wrap(database.prepare(sql));
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}

function wrap(s: Database.Statement): CachedStatement {
  return {
    reader: s.reader,
    all: (parameters) => s.all(parameters),
    run: (parameters) => s.run(parameters),
    iterate: (parameters) => s.iterate(parameters),
  };
}
