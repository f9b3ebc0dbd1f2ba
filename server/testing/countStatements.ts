import Database from 'better-sqlite3';
import pg from 'pg';

type Fn = (this: unknown, ...args: unknown[]) => unknown;

/** The statements sent to the database while counting, as SQL texts in order (both stores). */
export interface StatementCounter {
  /**
   * runs `work` and answers the SQL texts it sent to the database, `begin` and `commit` included, and the calls
   * that sent them: a driver call each on SQLite, a round trip each on PostgreSQL
   */
  count(work: () => Promise<unknown>): Promise<{ statements: string[]; calls: number }>;
}

const SQL = Symbol('sql');
let texts: string[] | undefined;
let calls = 0;
let installed = false;

/**
 * Counts statements at the drivers, below Kysely and the store's wrappers (statement cache, named statements):
 * each run of a better-sqlite3 statement (`run`/`all`/`get`/`iterate`, the outer call only, should one run through
 * another) and each `pg.Client#query` (one round trip, which may carry several statements:
 * server/store/pipelineStatements.ts). Install it before the backend starts (it is patched once per process and
 * counts only inside `count`); a test file runs its tests one after another, so what is counted is the work's own
 * statements.
 */
export function statementCounter(): StatementCounter {
  if (!installed) {
    installed = true;
    // a statement keeps no SQL text of its own: tag it at prepare (the store's statement cache prepares each text
    // once, so install this before the store is opened)
    const databaseProto = Database.prototype as unknown as Record<string, unknown>;
    const prepare = databaseProto.prepare as Fn;
    databaseProto.prepare = function tagged(this: unknown, ...args: unknown[]) {
      const statement = prepare.apply(this, args) as Record<symbol, unknown>;
      statement[SQL] = String(args[0]);
      return statement;
    };
    // the Statement class is not exported: reach its prototype through a statement of a throwaway database
    const probe = new Database(':memory:');
    const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
    probe.close();
    let inStatement = false;
    for (const method of ['run', 'all', 'get', 'iterate']) {
      const original = statementProto[method] as Fn;
      statementProto[method] = function counted(this: Record<symbol, unknown>, ...args: unknown[]) {
        if (inStatement) return original.apply(this, args);
        inStatement = true;
        try {
          if (texts) {
            calls++;
            texts.push(String(this[SQL] ?? '?'));
          }
          return original.apply(this, args);
        } finally {
          inStatement = false;
        }
      };
    }
    const clientProto = pg.Client.prototype as unknown as Record<string, unknown>;
    const query = clientProto.query as Fn;
    clientProto.query = function counted(this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; statements?: string[] };
      if (texts) {
        calls++;
        // a pipeline of several statements (server/store/pipelineStatements.ts): one round trip
        if (typeof first === 'object' && first?.statements) texts.push(...first.statements);
        else texts.push(typeof first === 'string' ? first : String(first?.text ?? '?'));
      }
      return query.apply(this, args);
    };
  }
  return {
    async count(work) {
      texts = [];
      calls = 0;
      try {
        await work();
        return { statements: texts, calls };
      } finally {
        texts = undefined;
      }
    },
  };
}
