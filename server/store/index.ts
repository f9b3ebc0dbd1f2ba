/**
 * The database: connection and dialects (SQLite, PostgreSQL), schema and migrations, transactions, the statement
 * cache, leases and write probes. It knows no domain; each domain keeps its own queries.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { cardTokenSeal } from './cardTokenSeal';
export { compiledOnce } from './compiledOnce';
export type { CardTokenSeal } from './cardTokenSeal';
export { StoreNotMigratedError, StoreOpenError, openStore, pingStore } from './db';
export type { Db, Store, StoreOptions } from './db';
export type { StoreDialect } from './dialect';
export { isUniqueViolation } from './isUniqueViolation';
export { releaseLease, tryAcquireLease, withAdvisoryLock } from './leases';
export { probeWrite } from './probeWrite';
export { readStoreGauges } from '../metrics/readStoreGauges';
export type { StoreGauges } from '../metrics/readStoreGauges';
export { ConcurrentUpdateError, readSnapshot, runInTransaction } from './runInTransaction';
export type {
  ApiKeyTable,
  AuditEventTable,
  BulkRequestTable,
  DisputeTable,
  NotificationTable,
  OrderOperationTable,
  OrderTable,
  PaymentAlertTable,
  PaymentAttemptTable,
  PaymentMethodTable,
  PayoutRecipientTable,
  PayoutTable,
  RefundTable,
  SessionRequestTable,
  SessionTable,
  ShopDeliveryTable,
  ShopEndpointTable,
  ShopEventTable,
  UserSessionTable,
  UserTable,
} from './schema';
