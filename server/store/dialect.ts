/** Which database the store runs on; the few places that differ (column types, locks) branch on it. */
export type StoreDialect = 'sqlite' | 'postgres';
