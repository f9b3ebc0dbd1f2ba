import type pg from 'pg';

/** PostgreSQL's "cached plan must not change result type": a table's columns changed under a prepared `select *`. */
export const PREPARED_PLAN_STALE = '0A000';

/**
 * Makes a pooled connection prepare each parameterised SQL text once: the text gets a statement name, so
 * PostgreSQL parses and plans it on the first run over that connection and then only binds and executes it
 * (pg's named queries). Kysely sends the same few texts again and again on the payment path.
 *
 * Bounded: at most `max` texts per connection are named (SQL with IN lists of varying length makes many texts;
 * the rest run unnamed, as before). A migration that changes a table's columns while processes run makes their
 * prepared `select *` fail once with PREPARED_PLAN_STALE: that text is never named again on that connection, a
 * query outside a transaction is run again at once, and a transaction is run again by `runInTransaction`.
 */
export function nameStatements(client: pg.PoolClient, max = 300): StatementNames {
  const names = new Map<string, string | null>();
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const nameFor = (text: string): string | null => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `s${names.size}`;
      names.set(text, name);
    }
    return name ?? null;
  };
  const named = (text: string, values: unknown[]) => {
    const name = nameFor(text);
    return name ? query({ name, text, values }) : query(text, values);
  };
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || rest.length)
      return query(text, values, ...rest);
    return named(text, values).catch((e: unknown) => {
      if ((e as { code?: unknown }).code !== PREPARED_PLAN_STALE || names.get(text) === null) throw e;
      names.set(text, null);
      // inside a transaction the transaction is aborted: runInTransaction runs it again. Anything but idle ('I')
      // counts: the error can reach us before the ReadyForQuery that turns the status from 'T' to 'E'
      if ((client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() !== 'I') throw e;
      return query(text, values);
    });
  }) as typeof client.query;
  return { nameFor, unname: (text) => void names.set(text, null) };
}

/** The names of statements on one connection (pipelineStatements.ts sends named statements itself). */
export interface StatementNames {
  /** the statement name of a parameterised text (given on its first run), or null when it runs unnamed */
  nameFor(text: string): string | null;
  /** never name this text again on this connection */
  unname(text: string): void;
}
