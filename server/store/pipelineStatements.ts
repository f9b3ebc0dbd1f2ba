import { createRequire } from 'node:module';
import pg from 'pg';
import { PREPARED_PLAN_STALE, type StatementNames } from './nameStatements';

/**
 * The start of a write whose answer nobody reads (an audit line, the order sent): inside a PostgreSQL transaction
 * it may go out with the transaction's next statement or its commit, in the same round trip. Its error, should it
 * fail, is that statement's error, and the transaction is rolled back as with any failed statement. Put there by
 * `compiledOnce(..., { deferrable: true })`; SQLite reads it as a comment.
 */
export const DEFERRABLE = '/* deferrable */ ';

/** pg's own mapping of a JS value to a parameter (what its Query uses). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue(v: unknown): unknown };

interface Connection {
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  stream: { cork?(): void; uncork?(): void };
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { statement?: string; values?: unknown[] }): void;
  execute(config: object): void;
}

/** A statement that goes out ahead of another in one pipeline: the deferred `begin`, or a deferred write. */
interface Ahead {
  text: string;
  /** its prepared statement's name; null to run it unnamed (`begin`, or a connection with names to spare) */
  name: string | null;
  values: unknown[];
}

interface Result {
  command: string;
  rowCount: number | null;
  rows: unknown[];
}

/**
 * What a deferred statement answers at once: no rows, and no count (a deferrable write's caller reads none; Kysely
 * reads a count only after INSERT, UPDATE, DELETE and MERGE).
 */
const deferredResult = (command: string): Result => ({ command, rowCount: null, rows: [] });

/**
 * pg's Submittable for one round trip: the statements ahead (a Parse where their statement is not prepared on the
 * connection yet, then Bind and Execute), then `query`'s own messages and its Sync. PostgreSQL runs them in order
 * and skips the rest at the first error, which then fails `query`; the answers of the statements ahead are not
 * `query`'s. pg's client records a named statement as prepared on its ParseComplete, under the active query's
 * `name`: the pipeline answers, as `name` and `text`, those of the statement whose answers are arriving.
 */
class Pipeline {
  /** what countStatements.ts records: every statement of the round trip */
  readonly statements: string[];
  /** answered statements so far (a CommandComplete or EmptyQueryResponse each) */
  private done = 0;
  /** names this round trip prepares, by position */
  private readonly preparing: (string | undefined)[] = [];
  constructor(
    private readonly before: readonly Ahead[],
    private readonly query: pg.Query,
    /** `query`'s text and statement name */
    private readonly last: { text: string; name: string | null },
  ) {
    this.statements = [...before.map((s) => s.text), last.text];
  }

  /** `query`'s result, where pg's client puts its type parsers (the pool's int8 parser, db.ts) */
  get _result(): unknown {
    return (this.query as unknown as { _result: unknown })._result;
  }

  get name(): string | undefined {
    return this.preparing[this.done];
  }
  get text(): string | undefined {
    return this.statements[this.done];
  }

  submit(connection: Connection): Error | null {
    let values: unknown[][];
    try {
      // before anything is written: a value pg cannot send fails the query, and nothing half-sent is left behind
      values = this.before.map((s) => s.values.map(prepareValue));
    } catch (e) {
      return e as Error;
    }
    const { parsedStatements: parsed, submittedNamedStatements: submitted } = connection;
    // what pg's Query.submit would refuse after the statements ahead were written: a name prepared for another text
    for (const s of [...this.before, this.last]) {
      const previous = s.name ? (parsed[s.name] ?? submitted[s.name]) : undefined;
      if (previous !== undefined && previous !== s.text)
        return new Error(`Prepared statements must be unique - '${s.name}' was used for a different statement`);
    }
    connection.stream.cork?.();
    try {
      this.before.forEach((s, i) => {
        if (!s.name || (parsed[s.name] === undefined && submitted[s.name] === undefined)) {
          connection.parse({ text: s.text, ...(s.name ? { name: s.name } : {}), types: [] });
          if (s.name) {
            submitted[s.name] = s.text;
            this.preparing[i] = s.name;
          }
        }
        connection.bind({ statement: s.name ?? '', values: values[i]! });
        connection.execute({});
      });
      const { name } = this.last;
      if (name && parsed[name] === undefined && submitted[name] === undefined)
        this.preparing[this.before.length] = name;
      return (this.query as unknown as { submit(c: Connection): Error | null }).submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }

  handleCommandComplete(msg: unknown, connection: unknown) {
    if (this.done++ >= this.before.length) this.forward('handleCommandComplete', msg, connection);
  }
  handleEmptyQuery(connection: unknown) {
    if (this.done++ >= this.before.length) this.forward('handleEmptyQuery', connection);
  }
  handleRowDescription(msg: unknown) {
    if (this.done >= this.before.length) this.forward('handleRowDescription', msg);
  }
  handleDataRow(msg: unknown) {
    if (this.done >= this.before.length) this.forward('handleDataRow', msg);
  }
  handlePortalSuspended(connection: unknown) {
    this.forward('handlePortalSuspended', connection);
  }
  handleError(err: unknown, connection: Connection) {
    // PostgreSQL skipped everything after the failed statement: what it was to prepare is not prepared (pg's
    // client has forgotten the failed one's)
    for (const name of this.preparing.slice(this.done + 1))
      if (name && connection.parsedStatements[name] === undefined) delete connection.submittedNamedStatements[name];
    this.forward('handleError', err, connection);
  }
  handleReadyForQuery(connection: unknown) {
    this.forward('handleReadyForQuery', connection);
  }
  handleCopyInResponse(connection: unknown) {
    this.forward('handleCopyInResponse', connection);
  }
  handleCopyData(msg: unknown, connection: unknown) {
    this.forward('handleCopyData', msg, connection);
  }
  private forward(method: string, ...args: unknown[]) {
    (this.query as unknown as Record<string, (...a: unknown[]) => void>)[method]!(...args);
  }
}

/**
 * Saves round trips inside transactions on a pooled PostgreSQL connection (after nameStatements, whose names it
 * uses). Every round trip costs the backend a socket write that wakes the database's process, pg's messages and a
 * promise chain: about 75 us of CPU each on the payment path (bench/RESULTS.md, round 5, fifth session).
 *
 * - `begin` is not sent on its own: it goes out with the transaction's first statement. A transaction that sends
 *   nothing sends no `begin` and no `commit` or `rollback` either.
 * - a DEFERRABLE write inside a transaction is held and goes out with the transaction's next statement (or its
 *   `commit`), with its Parse where this connection has not prepared it yet.
 *
 * Statements still run one after another, in the order they were given, and a transaction still ends with its
 * own `commit`: PostgreSQL sees the same statements in the same transaction, only fewer of PostgreSQL's Syncs.
 */
export function pipelineStatements(client: pg.PoolClient, names: StatementNames): { reset(): void } {
  const send = client.query.bind(client) as (...args: unknown[]) => Promise<Result>;
  let begin = false;
  let held: Ahead[] = [];

  const inTransaction = () =>
    begin || (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() !== 'I';

  /** the held statements and `text`, in one round trip */
  const pipelined = (text: string, values: unknown[]): Promise<Result> => {
    const before: Ahead[] = [...(begin ? [{ text: 'begin', name: null, values: [] }] : []), ...held];
    begin = false;
    held = [];
    // a text without values is never named (nameStatements.ts)
    const name = values.length ? names.nameFor(text) : null;
    return new Promise<Result>((resolve, reject) => {
      const query = new pg.Query(
        // unnamed: in the extended protocol, so that it shares the Sync (pg reads queryMode; its types omit it)
        (name ? { name, text, values } : { text, values, queryMode: 'extended' }) as pg.QueryConfig,
        undefined,
        (err: Error | undefined, result: unknown) => (err ? reject(err) : resolve(result as Result)),
      );
      send(new Pipeline(before, query, { text, name }));
    }).catch((e: unknown) => {
      // a prepared statement made stale by a migration (nameStatements.ts): which of them is not known, so none
      // of this round trip's texts is named again on this connection; the transaction is run again
      if ((e as { code?: unknown }).code === PREPARED_PLAN_STALE)
        for (const s of [...before, { text, name }]) if (s.name) names.unname(s.text);
      throw e;
    });
  };

  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length) {
      if (begin || held.length) throw new Error('pipelineStatements: a query of another form inside a transaction');
      return send(text, values, ...rest);
    }
    const verb = values.length === 0 ? text.toLowerCase() : '';
    if (verb === 'begin' && !inTransaction()) {
      begin = true;
      return Promise.resolve(deferredResult('BEGIN'));
    }
    if (begin && (verb === 'rollback' || (verb === 'commit' && held.length === 0))) {
      // nothing was sent: the transaction is over before it began
      begin = false;
      held = [];
      return Promise.resolve(deferredResult(verb.toUpperCase()));
    }
    if (verb === 'rollback') held = [];
    if (text.startsWith(DEFERRABLE) && inTransaction()) {
      held.push({ text, name: names.nameFor(text), values });
      return Promise.resolve(deferredResult('DEFERRED'));
    }
    if (!begin && held.length === 0) return send(text, values);
    return pipelined(text, values);
  }) as typeof client.query;

  return {
    // a connection goes back to the pool between transactions; nothing held may reach its next user
    reset() {
      begin = false;
      held = [];
    },
  };
}
