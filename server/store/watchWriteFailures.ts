import type { LogEvent } from 'kysely';

/** A statement the database refused for want of space or of write access. */
export interface WriteFailure {
  at: Date;
  /** the driver's code and message, e.g. `SQLITE_FULL: database or disk is full` */
  reason: string;
}

/**
 * Driver codes that say the store cannot take writes, whatever the statement: SQLite's full disk, read-only
 * file, I/O error, lost file; PostgreSQL's disk_full (53100), read_only_sql_transaction (25006, a replica or a
 * read-only default) and io_error (58030). A constraint violation or a lock time-out is about the statement,
 * not the store, and is not one.
 */
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|PERM|NOTADB|CORRUPT)/;
const POSTGRES_CODES = new Set(['53100', '25006', '58030']);

function storeRefusal(error: unknown): string | null {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (!SQLITE_CODES.test(code) && !POSTGRES_CODES.has(code)) return null;
  const message = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : String(error);
  return `${code}: ${message}`;
}

/**
 * Watches every statement the store runs (Kysely's `log` hook) for the driver codes above and remembers the
 * last one, so that `/readyz` answers 503 from the first write that failed, not once its own probe fails too:
 * the probe rewrites one small row in place, which a full disk can still take while every insert that needs a
 * new page fails (#33).
 */
export function watchWriteFailures(): { log: (event: LogEvent) => void; last(): WriteFailure | null } {
  let last: WriteFailure | null = null;
  return {
    log(event) {
      if (event.level !== 'error') return;
      const reason = storeRefusal(event.error);
      if (reason) last = { at: new Date(), reason };
    },
    last: () => last,
  };
}
