import { describe, it } from 'vitest';

export type StoreKind = 'sqlite' | 'postgres';

/**
 * Runs the same suite on SQLite and, when DATABASE_URL points at one, on PostgreSQL (CI always sets it). The
 * PostgreSQL variant is listed as skipped, with the reason in its name, when DATABASE_URL is unset.
 */
export function describeOnStores(name: string, suite: (kind: StoreKind) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'));
  if (process.env.DATABASE_URL) {
    describe(`${name} [postgres]`, () => suite('postgres'));
  } else {
    describe.skip(`${name} [postgres] skipped: DATABASE_URL is not set`, () => {
      it('runs when DATABASE_URL=postgres://... is set', () => {});
    });
  }
}
