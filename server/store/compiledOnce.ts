import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './db';
import { DEFERRABLE } from './pipelineStatements';

/** What a placeholder value starts with: no value the store binds does (SQL text never holds a NUL). */
const MARK = '\u0000compiledOnce:';

interface Compiled {
  query: CompiledQuery;
  /** per parameter of the compiled text: the name of the value it takes, or undefined for a constant of the build */
  names: (string | undefined)[];
}

/**
 * A statement of the payment path built and compiled by Kysely once per database and shape, then run with new
 * values: building and compiling a statement cost Kysely more than the SQLite driver took to run it (bench/RESULTS.md,
 * section 1c). `build` gets, in place of `values`, an object whose every defined value is a placeholder, and must
 * use them only as bound values (`where(col, '=', v.id)`, `values(v)`, `set(v)`), never to choose the statement's
 * shape: the shape may depend on which keys `values` has (each set of keys is compiled once), not on the values.
 * A key whose value is undefined is left out, as Kysely leaves it out of `values` and `set`.
 *
 * The compiled text depends only on the dialect: it is kept per query adapter, which a store shares with each of its
 * transactions, so that `run(trx, ...)` inside a transaction uses the same compiled statement.
 */
export function compiledOnce<V extends object, R>(
  // a query builder (its compile() needs no argument) or a `sql` template (needs the database)
  build: (db: Db, values: V) => { compile(db: Db): CompiledQuery<R> },
): (db: Db, values: V) => Promise<QueryResult<R>>;
/**
 * `deferrable`: a write whose answer is not read. Inside a PostgreSQL transaction it may be sent with the
 * transaction's next statement (pipelineStatements.ts); its failure fails that statement and the transaction.
 */
export function compiledOnce<V extends object, R>(
  build: (db: Db, values: V) => { compile(db: Db): CompiledQuery<R> },
  options: { deferrable: true },
): (db: Db, values: V) => Promise<void>;
export function compiledOnce<V extends object, R>(
  build: (db: Db, values: V) => { compile(db: Db): CompiledQuery<R> },
  options?: { deferrable: true },
): (db: Db, values: V) => Promise<unknown> {
  const byAdapter = new WeakMap<object, Map<string, Compiled>>();
  return (db, values) => {
    const adapter = db.getExecutor().adapter;
    let shapes = byAdapter.get(adapter);
    if (!shapes) {
      shapes = new Map();
      byAdapter.set(adapter, shapes);
    }
    const given = values as Record<string, unknown>;
    const keys = Object.keys(given).filter((k) => given[k] !== undefined);
    const shape = keys.join(',');
    let compiled = shapes.get(shape);
    if (!compiled) {
      const placeholders = Object.fromEntries(keys.map((k) => [k, `${MARK}${k}`])) as V;
      const built = build(db, placeholders).compile(db);
      const query = options?.deferrable ? { ...built, sql: `${DEFERRABLE}${built.sql}` } : built;
      const names = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : undefined,
      );
      compiled = { query, names };
      shapes.set(shape, compiled);
    }
    const { query, names } = compiled;
    const parameters = names.map((name, i) => (name === undefined ? query.parameters[i] : given[name]));
    return db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>);
  };
}
