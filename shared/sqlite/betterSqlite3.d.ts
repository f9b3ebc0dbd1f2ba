// The part of better-sqlite3's API the stores and tests use (the package ships no types of its own).
declare module 'better-sqlite3' {
  namespace Database {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }
    interface Statement {
      readonly reader: boolean;
      /** the values of the `?` placeholders, one by one or as one array */
      all(...parameters: unknown[]): unknown[];
      get(...parameters: unknown[]): unknown;
      run(...parameters: unknown[]): RunResult;
      iterate(...parameters: unknown[]): IterableIterator<unknown>;
    }
    interface Options {
      readonly?: boolean;
      fileMustExist?: boolean;
      /** ms to wait on a locked database (busy timeout); default 5000 */
      timeout?: number;
    }
  }
  class Database {
    constructor(file: string, options?: Database.Options);
    prepare(sql: string): Database.Statement;
    exec(sql: string): this;
    pragma(source: string, options?: { simple?: boolean }): unknown;
    close(): this;
    readonly open: boolean;
    readonly inTransaction: boolean;
  }
  export = Database;
}
