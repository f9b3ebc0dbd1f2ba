/** The drivers' codes for a refused duplicate: better-sqlite3 (SQLite) names it, PostgreSQL numbers it (23505). */
const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

/**
 * Whether `e` is the database refusing a row because a unique key already holds it: the loser of a race that a
 * unique key decides, which is a conflict for the caller to answer, not a fault of the server.
 */
export function isUniqueViolation(e: unknown): boolean {
  return UNIQUE_CODES.has(String((e as { code?: unknown } | null)?.code));
}
