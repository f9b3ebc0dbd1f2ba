// The part of better-sqlite3's API the store uses (the package ships no types of its own).
declare module 'better-sqlite3' {
  namespace Database {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }
    interface Statement {
      readonly reader: boolean;
      all(parameters: readonly unknown[]): unknown[];
      get(parameters: readonly unknown[]): unknown;
      run(parameters: readonly unknown[]): RunResult;
      iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
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
