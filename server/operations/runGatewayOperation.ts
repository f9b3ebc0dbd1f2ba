import { BATCH_LIMIT, GATEWAY_ERRORS } from '../../shared/gateway/errors';
import { canApply, isPaymentStatus, type PaymentEvent } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import { ordersById, writeAuditEvent, type OrderRow } from '../orders';
import { runInTransaction, type Db } from '../store';
import type { BulkItem } from './bulkBody';
import { callBatch, type BatchKind, type ItemOf, type ItemOutcome } from './callBatch';
import { findTargets, type Target } from './findTargets';
import { refreshFromGateway } from './refreshFromGateway';
import { BULK_ERROR, failed, type OrderResult } from './results';
import { BATCH_CONCURRENCY, runBatches } from './runBatches';
import { claimOrders, releaseOrders } from './claimOrders';
import { newId } from '../ids';
import { splitIntoBatches } from './splitIntoBatches';

/** An order a bulk request names, found, with its current payment attempt and the row that asked for it. */
export type BulkTarget = Target<BulkItem>;

/** What became of one journalled operation at the gateway, as its description records and answers it. */
type Outcome =
  | ItemOutcome
  /** only for an operation with a `reference`: the gateway has that reference already (E0008) */
  | { kind: 'sent_before' };

/**
 * What one gateway batch operation (capture, cancel, review, refund) is to the engine: what was left by earlier
 * requests, what may be acted on, what is journalled, how an item is built, what is recorded and what a result
 * means. `Entry` is a journalled operation on its way to the gateway; `Draft` one not journalled yet.
 */
export interface GatewayOperation<
  K extends BatchKind,
  Earlier,
  Draft,
  Entry extends { target: BulkTarget },
  After = undefined,
> {
  /** the gateway's batch call, hence its batch limit (BATCH_LIMIT), and the kind of the audit lines */
  kind: K;
  /**
   * Settles what earlier requests left pending in the journal for these orders (a crash, a time-out), by asking
   * the gateway and never by sending again, before anything is checked. Answers what it found, and the orders
   * read again when settling may have moved them.
   */
  settleEarlier(
    deps: AppDeps,
    targets: readonly BulkTarget[],
    requestId: string | undefined,
  ): Promise<{ earlier: Earlier; orders?: ReadonlyMap<string, OrderRow> | undefined }>;
  /**
   * Before the state machine: what the earlier requests decide for this order, its answer or their journalled
   * operation to send (again) now; undefined when they decide nothing.
   */
  checkEarlier(
    deps: AppDeps,
    target: BulkTarget,
    earlier: Earlier,
    requestId: string | undefined,
  ): Promise<{ answer: OrderResult } | { send: Entry } | undefined>;
  /** What may be acted on: the event the state machine must allow from the order's payment status. */
  event(item: BulkItem): PaymentEvent;
  /** After the state machine: this request's own operation on the order, or why it cannot be (its amount). */
  checkItem(target: BulkTarget): { answer: OrderResult } | { journal: Draft };
  /** Journals the drafts, in one transaction, before the gateway is called; answers the refused ones too. */
  journal(
    trx: Db,
    deps: AppDeps,
    drafts: readonly Draft[],
    requestId: string | undefined,
  ): Promise<{ entries: Entry[]; refused: ReadonlyMap<number, OrderResult> }>;
  /** The gateway's item of a journalled operation. */
  item(entry: Entry): ItemOf<K>;
  /** Records the gateway's outcome in the journal, in the batch's transaction; answers the audit line's summary. */
  record(trx: Db, entry: Entry, outcome: Outcome, at: string): Promise<string>;
  /**
   * An operation sent under a reference of its own, which the gateway refuses twice (refund): an item refused
   * E0008 was received before (an earlier send under the same reference arrived). It is kept pending, not
   * refused, looked up once the batch is recorded, and answered as taken when the look-up finds it so.
   */
  reference?: {
    /** those of `entries` the gateway has taken, by a look-up */
    confirm(deps: AppDeps, entries: readonly Entry[], requestId: string | undefined): Promise<ReadonlySet<Entry>>;
    /** the answer's message (outcome_unknown) when the look-up could not confirm it */
    unconfirmed: string;
  };
  /** What the answers read besides the orders, once the taken operations are refreshed (refund: its journal). */
  readAfter?(db: Db, orderIds: readonly string[]): Promise<After>;
  /** The answer for an operation the gateway took, with its order as the query after it left it. */
  answer(entry: Entry, order: OrderRow | undefined, after: After | undefined): OrderResult;
  /** The answer's message (outcome_unknown) when the request failed while its batch was being sent. */
  lostInFlight: string;
  /**
   * One request at a time per order (capture, cancel, review: the order's state is what refuses a second one,
   * and two requests reading it at once would both send): the order is claimed in the store before it is read
   * for checking and held until the gateway's answer and the query after it are stored. An order another
   * request holds is answered E0008 with `busy`, and nothing is sent for it.
   */
  oneRequestPerOrder?: { busy: string };
}

/**
 * Runs one gateway batch operation over any number of orders, one result per order in the order sent: finds
 * the orders, settles what earlier requests left pending, checks each against the state machine (a wrong state
 * never reaches the gateway), journals them as pending in one transaction, THEN sends them in batches of the
 * gateway's limit with bounded concurrency, records and audits each outcome, and asks the gateway where the
 * orders it took now are. Journalled before sending, so a crash or a lost answer leaves the operation pending
 * and the next request, sync or reconcile settles it by asking, never by guessing.
 */
export async function runGatewayOperation<
  K extends BatchKind,
  Earlier,
  Draft,
  Entry extends { target: BulkTarget },
  After,
>(
  deps: AppDeps,
  operation: GatewayOperation<K, Earlier, Draft, Entry, After>,
  items: readonly BulkItem[],
  requestId?: string,
): Promise<OrderResult[]> {
  const { db } = deps.store;
  const found = await findTargets(db, items);
  if (!operation.oneRequestPerOrder || found.targets.length === 0)
    return runOnTargets(deps, operation, items, found, requestId);

  // #33: four captures of one order at once were four gateway calls (three refused E0009); a claim in the store
  // lets one request act on an order at a time, across every process sharing the database
  const holder = newId('claim');
  const ids = found.targets.map((t) => t.order.id);
  const now = deps.now();
  const batches = Math.ceil(ids.length / BATCH_LIMIT[operation.kind]);
  // long enough for every batch of this request (a call is never retried, so each ends within the time-out),
  // the queries before and after them, and the database; a request that crashed holds it no longer than that
  const holdMs = (Math.ceil(batches / BATCH_CONCURRENCY) + 2) * (2 * deps.config.gateway.timeoutMs + 5_000);
  const claimed = await claimOrders(db, ids, holder, now, new Date(now.getTime() + holdMs));
  try {
    const mine = found.targets.filter((t) => claimed.has(t.order.id));
    for (const t of found.targets)
      if (!claimed.has(t.order.id))
        found.results.set(t.index, failed(t.label, 'E0008', operation.oneRequestPerOrder.busy));
    // read again once claimed: another request may have moved the order between the first read and the claim
    const again = await findTargets(
      db,
      mine.map((t) => t.input),
    );
    const positionOf = (i: number) => mine[i]!.index;
    for (const [i, result] of again.results) found.results.set(positionOf(i), result);
    const fresh = { targets: again.targets.map((t) => ({ ...t, index: positionOf(t.index) })), results: found.results };
    return await runOnTargets(deps, operation, items, fresh, requestId);
  } finally {
    await releaseOrders(db, [...claimed], holder);
  }
}

async function runOnTargets<K extends BatchKind, Earlier, Draft, Entry extends { target: BulkTarget }, After>(
  deps: AppDeps,
  operation: GatewayOperation<K, Earlier, Draft, Entry, After>,
  items: readonly BulkItem[],
  { targets, results }: { targets: BulkTarget[]; results: Map<number, OrderResult> },
  requestId: string | undefined,
): Promise<OrderResult[]> {
  const { db } = deps.store;
  const { earlier, orders } = await operation.settleEarlier(deps, targets, requestId);

  const sending: Entry[] = [];
  const drafts: Draft[] = [];
  for (const found of targets) {
    const order = orders?.get(found.order.id) ?? found.order;
    const target = { ...found, order };
    const decided = await operation.checkEarlier(deps, target, earlier, requestId);
    if (decided && 'answer' in decided) {
      results.set(target.index, decided.answer);
      continue;
    }
    if (decided) {
      sending.push(decided.send);
      continue;
    }
    const from = order.payment_status;
    if (!from || !isPaymentStatus(from) || !canApply(from, operation.event(target.input))) {
      results.set(target.index, failed(target.label, 'E0009', wrongState(order)));
      continue;
    }
    const own = operation.checkItem(target);
    if ('answer' in own) results.set(target.index, own.answer);
    else drafts.push(own.journal);
  }

  const journalled = await runInTransaction(db, (trx) => operation.journal(trx, deps, drafts, requestId));
  for (const [index, result] of journalled.refused) results.set(index, result);
  sending.push(...journalled.entries);

  const batches = splitIntoBatches(sending, BATCH_LIMIT[operation.kind]);
  const settled = await runBatches(batches, (batch) => sendBatch(deps, operation, batch, requestId));
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') {
      for (const [index, result] of s.value) results.set(index, result);
      return;
    }
    // not a gateway answer (a bug, a crash of this request): the journal stays pending, as after a crash
    deps.log.error({ requestId, err: s.reason }, `admin: ${operation.kind} batch failed`);
    for (const { target } of batches[i]!)
      results.set(target.index, failed(target.label, BULK_ERROR.outcome_unknown, operation.lostInFlight));
  });
  return items.map((_, i) => results.get(i)!);
}

/** Why a state the machine refuses is refused, in the gateway's words (E0009) plus the order's status. */
function wrongState(order: OrderRow): string {
  return `${GATEWAY_ERRORS.E0009}: the order is ${order.status}`;
}

/** One batch: the call, its outcomes recorded and audited in one transaction, then the answers. */
async function sendBatch<K extends BatchKind, Earlier, Draft, Entry extends { target: BulkTarget }, After>(
  deps: AppDeps,
  operation: GatewayOperation<K, Earlier, Draft, Entry, After>,
  batch: readonly Entry[],
  requestId: string | undefined,
): Promise<Map<number, OrderResult>> {
  const { db } = deps.store;
  const items = batch.map((entry) => operation.item(entry));
  const answers = await callBatch(deps.gateway, operation.kind, items);
  const sent = batch.map((entry, i) => {
    const outcome: Outcome = answers.get(items[i]!.transaction_id) ?? {
      kind: 'unknown',
      message: 'no answer for this order',
    };
    // E0008 under an operation's own reference: the reference was already used, so an earlier send did arrive;
    // confirmed by a look-up below
    return operation.reference && outcome.kind === 'failed' && outcome.code === 'E0008'
      ? { entry, outcome: { kind: 'sent_before' } as const }
      : { entry, outcome };
  });

  const at = deps.now().toISOString();
  await runInTransaction(db, async (trx) => {
    for (const { entry, outcome } of sent) {
      const summary = await operation.record(trx, entry, outcome, at);
      await writeAuditEvent(
        trx,
        {
          kind: operation.kind,
          summary,
          order_no: entry.target.attempt.gateway_order_no,
          attempt_id: entry.target.attempt.id,
          request_id: requestId ?? null,
        },
        at,
      );
    }
  });
  const sentBefore = sent.filter((s) => s.outcome.kind === 'sent_before').map((s) => s.entry);
  const confirmed =
    operation.reference && sentBefore.length
      ? await operation.reference.confirm(deps, sentBefore, requestId)
      : new Set<Entry>();

  // the batch answer says "done", not where the order now is (a review may land on 2000 or 3000): ask
  const taken = sent.filter((s) => s.outcome.kind === 'ok' || confirmed.has(s.entry)).map((s) => s.entry);
  await refreshFromGateway(
    deps,
    taken.map((entry) => entry.target.attempt),
    requestId,
  );
  const takenIds = taken.map((entry) => entry.target.order.id);
  const orders = await ordersById(db, takenIds);
  const after = operation.readAfter ? await operation.readAfter(db, takenIds) : undefined;

  const results = new Map<number, OrderResult>();
  for (const { entry, outcome } of sent) {
    const { index, label } = entry.target;
    if (taken.includes(entry)) results.set(index, operation.answer(entry, orders.get(entry.target.order.id), after));
    else if (outcome.kind === 'failed') results.set(index, failed(label, outcome.code, outcome.message));
    else if (outcome.kind === 'unknown') results.set(index, failed(label, BULK_ERROR.outcome_unknown, outcome.message));
    else results.set(index, failed(label, BULK_ERROR.outcome_unknown, operation.reference!.unconfirmed));
  }
  return results;
}
