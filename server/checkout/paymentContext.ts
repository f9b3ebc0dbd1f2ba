import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { AttemptRow } from '../orders';
import { compiledOnce, type Db } from '../store';
import type { OrderRow } from '../orders';
import { decodePaymentMethod, type PaymentMethod } from '../methods';
import type { OrderTable, PaymentAttemptTable, PaymentMethodTable, SessionTable } from '../store';
import type { SessionExtras } from './sessionExtras';
import type { SessionRow } from './sessions';

/** What a new payment reads before its first transaction (createPayment), all of it as stored now. */
export interface PaymentContextRows {
  /** undefined: no session with this id */
  session: SessionRow | undefined;
  order: OrderRow | undefined;
  /** the attempt already made under this Idempotency-Key, if any */
  earlier: AttemptRow | undefined;
  /** the requested method; undefined when there is none with this id */
  method: PaymentMethod | undefined;
  /** empty for a session created without any (or before migration 004) */
  extras: SessionExtras;
}

// every column of each table, listed once: a Record over the table's keys must name each of them, so a column
// added to schema.ts without being added here fails to compile instead of being silently left unread
const SESSION: Record<keyof SessionTable, true> = {
  id: true,
  client_secret_hash: true,
  order_id: true,
  order_no: true,
  amount_minor: true,
  currency: true,
  items: true,
  amount_parts: true,
  country: true,
  locale: true,
  shopper: true,
  return_url: true,
  note: true,
  custom: true,
  shopper_id: true,
  metadata: true,
  expires_at: true,
  created_at: true,
};
const ORDER: Record<keyof OrderTable, true> = {
  id: true,
  session_id: true,
  order_no: true,
  amount_minor: true,
  currency: true,
  status: true,
  payment_status: true,
  transaction_id: true,
  current_attempt_id: true,
  message: true,
  refunded_minor: true,
  captured_minor: true,
  email: true,
  alert: true,
  event_mark: true,
  paid_at: true,
  created_at: true,
  updated_at: true,
};
const ATTEMPT: Record<keyof PaymentAttemptTable, true> = {
  id: true,
  order_id: true,
  session_id: true,
  seq: true,
  gateway_order_no: true,
  method_id: true,
  kind: true,
  payment_method: true,
  status: true,
  payment_status: true,
  transaction_id: true,
  idempotency_key: true,
  request_hash: true,
  response: true,
  widget_origin: true,
  frame_token: true,
  frame_form: true,
  frame_served_at: true,
  redirect_url: true,
  message: true,
  next_check_at: true,
  checks: true,
  stranded_at: true,
  abandoned_at: true,
  card_brand: true,
  card_last4: true,
  created_at: true,
  updated_at: true,
};
const METHOD: Record<keyof PaymentMethodTable, true> = {
  id: true,
  kind: true,
  payment_method: true,
  labels: true,
  enabled: true,
  sort_order: true,
  countries: true,
  currencies: true,
  min_minor: true,
  max_minor: true,
  fields: true,
  banks: true,
  open3d: true,
  updated_at: true,
};

/** The four tables share column names (id, status, ...): each is selected under its own prefix. */
const TABLES = { s: Object.keys(SESSION), o: Object.keys(ORDER), a: Object.keys(ATTEMPT), m: Object.keys(METHOD) };
type Alias = keyof typeof TABLES;

const selected: RawBuilder<unknown>[] = Object.entries(TABLES).flatMap(([alias, columns]) =>
  columns.map((c) => sql`${sql.ref(`${alias}.${c}`)} as ${sql.id(`${alias}_${c}`)}`),
);

/** Each table's columns with the names they are selected under, paired once rather than at every payment. */
const PREFIXED = Object.fromEntries(
  Object.entries(TABLES).map(([alias, columns]) => [alias, columns.map((c) => [c, `${alias}_${c}`] as const)]),
) as unknown as Record<Alias, readonly (readonly [string, string])[]>;

/** The columns of `alias` in `row`, unprefixed; undefined when its left join found no row (its id is null). */
function part<T>(row: Record<string, unknown>, alias: Alias): T | undefined {
  if (row[`${alias}_id`] === null || row[`${alias}_id`] === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [column, selectedAs] of PREFIXED[alias]) out[column] = row[selectedAs];
  return out as T;
}

/**
 * The session, its order, its extras, the attempt made under `idempotencyKey` and the payment method `methodId`,
 * in ONE statement: these were five reads, each a round trip on PostgreSQL and a statement on SQLite, on the
 * path every payment takes (issue #24). Every join finds at most one row: a session has one order and one row of
 * extras, (session_id, idempotency_key) is unique, and the method is looked up by its id. Nothing is checked
 * here: the caller applies the client secret and its other rules in their own order.
 */
export async function findPaymentContext(
  db: Db,
  sessionId: string,
  idempotencyKey: string,
  methodId: string,
): Promise<PaymentContextRows> {
  const { rows } = await contextQuery(db, { sessionId, idempotencyKey, methodId });
  const row = rows[0];
  if (!row) return { session: undefined, order: undefined, earlier: undefined, method: undefined, extras: {} };
  const method = part<Selectable<PaymentMethodTable>>(row, 'm');
  return {
    session: part<SessionRow>(row, 's'),
    order: part<OrderRow>(row, 'o'),
    earlier: part<AttemptRow>(row, 'a'),
    method: method && decodePaymentMethod(method),
    extras: typeof row.x_extras === 'string' ? (JSON.parse(row.x_extras) as SessionExtras) : {},
  };
}

/**
 * The statement, compiled once per store (server/store/compiledOnce.ts): its text never changes, and building and
 * compiling its hundred column references took Kysely 76-100 us at every payment (three times the five reads it
 * replaced; 2-4 us compiled once).
 */
const contextQuery = compiledOnce(
  (_db: Db, { sessionId, idempotencyKey, methodId }: { sessionId: string; idempotencyKey: string; methodId: string }) =>
    sql<Record<string, unknown>>`
    select ${sql.join(selected)}, ${sql.ref('x.extras')} as ${sql.id('x_extras')}
    from ${sql.table('sessions')} as s
    left join ${sql.table('orders')} as o on ${sql.ref('o.id')} = ${sql.ref('s.order_id')}
    left join ${sql.table('session_extras')} as x on ${sql.ref('x.session_id')} = ${sql.ref('s.id')}
    left join ${sql.table('payment_attempts')} as a
      on ${sql.ref('a.session_id')} = ${sql.ref('s.id')} and ${sql.ref('a.idempotency_key')} = ${idempotencyKey}
    left join ${sql.table('payment_methods')} as m on ${sql.ref('m.id')} = ${methodId}
    where ${sql.ref('s.id')} = ${sessionId}`,
);
