import { sql } from 'kysely';
import type { AppDeps } from '../deps';
import { attemptsById, queryAttempts } from '../orders';
import { settlePendingRefunds } from '../refunds';

type CueDeps = Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>;

/** One payment is asked about at most once this often, however many cues name it (a flood costs one query). */
const CUE_QUERY_EVERY_MS = 2_000;
/** How long a process holds the cues it is acting on before another may take them (it crashed). */
const LEASE_MS = 60_000;
/** After the gateway did not answer: ask again this much later, times the tries so far. */
const RETRY_MS = 5_000;
/** Tries before a cue is given up (the reconcile loop still asks about every payment left open). */
const MAX_TRIES = 20;
/** Payments leased, or marked done, by one statement. */
const CLAIM_CHUNK = 200;
/** Cues one pass acts on; the rest wait for the next. */
const MAX_PER_PASS = 1_000;
/** A cue done is kept this long, so that a delivery retried (up to 36 hours, the gateway says) is a duplicate. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

export interface CuePass {
  /** payments asked about */
  checked: number;
  /** payments whose state the answers moved */
  applied: number;
  errors: number;
  /** when the earliest cue still pending may be acted on */
  nextAt?: string | undefined;
}

/**
 * Acts on the notification cues due (migration 019): the payments they name are asked about, whatever the
 * notifications said, and only the answers move money state (docs/protocol-decisions.md 6): first the refund search
 * for their refunds in flight (`settlePendingRefunds`, 100 order numbers a call), then the query (100 orders a call),
 * whose record applies the payment's status and its disputes (`applyQueryRecord`). A payment asked about less than
 * CUE_QUERY_EVERY_MS ago waits until then. Each payment's cues are leased while acted on, so two processes do not
 * ask twice; a gateway that does not answer leaves them pending, to be tried again later.
 */
export async function processDueCues(deps: CueDeps): Promise<CuePass> {
  const { db } = deps.store;
  const result: CuePass = { checked: 0, applied: 0, errors: 0 };
  const now = deps.now();
  const nowIso = now.toISOString();
  await db
    .deleteFrom('notification_cues')
    .where('state', '=', 'done')
    .where('done_at', '<', new Date(now.getTime() - KEEP_DONE_MS).toISOString())
    .execute();
  const due = await db
    .selectFrom('notification_cues')
    .select(['attempt_id'])
    .where('state', '=', 'pending')
    .where('next_at', '<=', nowIso)
    .orderBy('next_at')
    .limit(MAX_PER_PASS)
    .execute();
  const attemptIds = [...new Set(due.map((c) => c.attempt_id))];
  const lastAsked = new Map<string, string>();
  for (let i = 0; i < attemptIds.length; i += 500) {
    const rows = await db
      .selectFrom('notification_cues')
      .select(['attempt_id', (eb) => eb.fn.max('done_at').as('last')])
      .where('attempt_id', 'in', attemptIds.slice(i, i + 500))
      // a cue set pending again keeps its done_at: when its payment was last asked about
      .where('done_at', 'is not', null)
      .groupBy('attempt_id')
      .execute();
    for (const r of rows) if (r.last) lastAsked.set(r.attempt_id, String(r.last));
  }
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  // taken now: leased in one statement per CLAIM_CHUNK payments, which answers the ones this process took; asked
  // about too recently: each moved to when it may be asked again, in one statement per CLAIM_CHUNK too
  const ready: string[] = [];
  const later: [string, string][] = [];
  for (const id of attemptIds) {
    const last = lastAsked.get(id);
    const wait = last ? Date.parse(last) + CUE_QUERY_EVERY_MS : 0;
    if (wait > now.getTime()) later.push([id, new Date(wait).toISOString()]);
    else ready.push(id);
  }
  const taken = new Set<string>();
  for (let i = 0; i < ready.length; i += CLAIM_CHUNK) {
    const rows = await db
      .updateTable('notification_cues')
      .set({ next_at: lease })
      .where('attempt_id', 'in', ready.slice(i, i + CLAIM_CHUNK))
      .where('state', '=', 'pending')
      .where('next_at', '<=', nowIso)
      .returning('attempt_id')
      .execute();
    for (const r of rows) taken.add(r.attempt_id);
  }
  for (let i = 0; i < later.length; i += CLAIM_CHUNK) {
    const chunk = later.slice(i, i + CLAIM_CHUNK);
    await db
      .updateTable('notification_cues')
      .set({
        next_at: sql<string>`case ${sql.ref('attempt_id')} ${sql.join(
          chunk.map(([id, takeAt]) => sql`when ${id} then ${takeAt}`),
          sql` `,
        )} else ${sql.ref('next_at')} end`,
      })
      .where(
        'attempt_id',
        'in',
        chunk.map(([id]) => id),
      )
      .where('state', '=', 'pending')
      .where('next_at', '<=', nowIso)
      .execute();
  }
  const claimed = ready.filter((id) => taken.has(id));

  const attempts = await attemptsById(db, claimed);
  /** payments answered, by outcome: their cues are marked done together (finishAll), one statement per outcome */
  const doneBy = new Map<string, string[]>();
  const finish = (attemptId: string, outcome: string) => {
    const ids = doneBy.get(outcome) ?? doneBy.set(outcome, []).get(outcome)!;
    ids.push(attemptId);
  };
  const finishAll = async () => {
    const doneAt = deps.now().toISOString();
    for (const [outcome, ids] of doneBy)
      for (let i = 0; i < ids.length; i += CLAIM_CHUNK)
        await db
          .updateTable('notification_cues')
          .set({ state: 'done', outcome, done_at: doneAt })
          .where('attempt_id', 'in', ids.slice(i, i + CLAIM_CHUNK))
          .where('state', '=', 'pending')
          // a cue stored again while its payment was asked about has a new next_at: it stays pending
          .where('next_at', '=', lease)
          .execute();
    doneBy.clear();
  };
  const retry = async (attemptId: string) => {
    const later = new Date(deps.now().getTime() + RETRY_MS).toISOString();
    await db
      .updateTable('notification_cues')
      .set((eb) => ({ next_at: later, tries: eb('tries', '+', 1) }))
      .where('attempt_id', '=', attemptId)
      .where('state', '=', 'pending')
      .where('next_at', '=', lease)
      .execute();
    await db
      .updateTable('notification_cues')
      .set({ state: 'done', outcome: 'gave_up', done_at: deps.now().toISOString() })
      .where('attempt_id', '=', attemptId)
      .where('state', '=', 'pending')
      .where('tries', '>=', MAX_TRIES)
      .execute();
  };
  for (const id of claimed) if (!attempts.has(id)) finish(id, 'unknown_order');
  const known = [...attempts.values()];

  const searchRefunds = async (orderIds: readonly string[]) => {
    try {
      await settlePendingRefunds(deps, [...new Set(orderIds)], { inFlight: true });
    } catch (err) {
      result.errors += 1;
      deps.log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        'cues: refund search failed',
      );
    }
  };
  // the refunds in flight first: a refund that succeeded moves the payment's status, which the query then reads
  await searchRefunds(known.map((a) => a.order_id));
  const moved: string[] = [];
  try {
    await queryAttempts(deps, known, 'cues', {
      async unasked(attempt) {
        result.errors += 1;
        await retry(attempt.id);
      },
      async answered(attempt, answer) {
        result.checked += 1;
        if ('error' in answer) {
          result.errors += 1;
          deps.log.error({ err: answer.error, attemptId: attempt.id }, 'cues: could not apply the query answer');
          await retry(attempt.id);
          return;
        }
        if (answer.outcome === 'applied') {
          result.applied += 1;
          moved.push(attempt.order_id);
        }
        finish(attempt.id, answer.outcome);
      },
    });
  } finally {
    // the answers applied are marked done even if a later one failed the pass
    await finishAll();
  }
  // a refund the gateway settled between the search and the query: the query has moved the order (refunded),
  // so its refunds are looked up again now, not at the reconcile loop's next check (a search only where some are
  // still in flight)
  if (moved.length > 0) await searchRefunds(moved);
  const next = await db
    .selectFrom('notification_cues')
    .select((eb) => eb.fn.min('next_at').as('at'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  result.nextAt = next?.at ? String(next.at) : undefined;
  return result;
}

/** How soon after a cue is stored the worker acts: notifications arriving together are asked about together. */
const GATHER_MS = 50;

/**
 * Acts on cues in this process as they arrive (`kick`, after GATHER_MS) and when the earliest one left waiting is
 * due; runs never overlap. The reconcile loop also calls processDueCues, so a cue left by a crash is acted on.
 * Times are on the app's clock (`deps.now`, which the cues' next_at is written in), so a clock that is not the
 * process's (a test's, moved ahead) still wakes the worker when a throttled cue is due, not that much later.
 */
export function createCueWorker(deps: CueDeps) {
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running = false;
  let again = false;
  const now = () => deps.now().getTime();
  const schedule = (at: number) => {
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(run, Math.max(0, at - now()));
    timer.unref();
  };
  const run = () => {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    if (running) {
      again = true;
      return;
    }
    running = true;
    processDueCues(deps)
      .then((pass) => {
        if (pass.nextAt) schedule(Math.max(Date.parse(pass.nextAt), now() + GATHER_MS));
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'cues: a pass failed; the reconcile loop acts on them'))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          schedule(now() + GATHER_MS);
        }
      });
  };
  return {
    kick() {
      schedule(now() + GATHER_MS);
    },
  };
}
