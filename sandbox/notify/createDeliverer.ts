import type { FaultSwitch } from '../faults/createFaultSwitch';
import type { Db } from '../store/openStore';
import {
  dueNotifications,
  postponeNotification,
  recordAttempt,
  type AttemptResult,
  type NotificationRow,
} from '../store/notifications';
import { isExpired, retryDelayMs } from './backoff';
import { notificationFaults, type NotifyFault } from './notificationFaults';
import { formPoster } from './postForm';

export interface DelivererOptions {
  db: Db;
  now: () => number;
  /** SANDBOX_NOTIFY_SCALE */
  scale: number;
  /** per attempt; a merchant that does not answer in time counts as a failure */
  timeoutMs?: number;
  concurrency?: number;
  /** the fault switch's `notify` rules: drop, duplicate, delay, reorder */
  faults?: FaultSwitch;
  log: (message: string, detail?: Record<string, unknown>) => void;
}

const MAX_RECORDED_BODY = 1000;

/**
 * Sends due notifications from the outbox: POST form-urlencoded, any 2xx acknowledges, anything else (status,
 * refused connection, time-out) is retried on the backoff schedule until the 36-hour window closes. At least
 * once: an attempt cut short by a stop or a crash stays due and is sent again. `runDue` starts attempts without
 * waiting for them; `drain` waits for those in flight. A notify fault rule changes one notification's first
 * delivery (`notificationFaults.ts`).
 */
export function createDeliverer(opts: DelivererOptions) {
  const { db, now, scale, log } = opts;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const concurrency = opts.concurrency ?? 8;
  const inFlight = new Map<string, Promise<void>>();
  const faulted = opts.faults ? notificationFaults(opts.faults) : undefined;

  const send = formPoster({ timeoutMs, recordAtMost: MAX_RECORDED_BODY });

  /** One POST of the notification's fields; what came back, or why nothing did. */
  async function post(row: NotificationRow): Promise<AttemptResult & { attempted_at: number }> {
    const fields = JSON.parse(row.fields_json) as Record<string, string>;
    const attempted_at = now();
    return { ...(await send(row.url, fields)), attempted_at };
  }

  const acknowledged = (result: AttemptResult) =>
    result.http_status !== null && result.http_status >= 200 && result.http_status < 300;

  async function attempt(row: NotificationRow, fault: NotifyFault | undefined): Promise<void> {
    if (fault?.fault.kind === 'delay') return postponeNotification(db, row.notify_id, now() + fault.fault.ms);
    if (fault?.fault.kind === 'drop') {
      const at = now();
      await recordAttempt(
        db,
        row,
        {
          http_status: null,
          response_body: null,
          error: `not sent: dropped by sandbox fault ${fault.id}`,
          attempted_at: at,
        },
        { delivered_at: at },
      );
      faulted?.attempted(row);
      return;
    }
    let result = await post(row);
    let ok = acknowledged(result);
    if (fault?.fault.kind === 'duplicate') {
      // the same event again, as a gateway that missed the acknowledgement sends it; either answer acknowledges
      await recordAttempt(db, row, result, {});
      row = { ...row, attempts: row.attempts + 1 };
      result = await post(row);
      ok ||= acknowledged(result);
    }
    const finishedAt = now();
    const next = ok
      ? { delivered_at: finishedAt }
      : isExpired(row.created_at, finishedAt, scale)
        ? { gave_up_at: finishedAt }
        : { next_attempt_at: finishedAt + retryDelayMs(row.attempts + 1, scale) };
    await recordAttempt(db, row, result, next);
    faulted?.attempted(row);
    if (!ok)
      log('notification not acknowledged', {
        notify_id: row.notify_id,
        notify_type: row.notify_type,
        attempt: row.attempts + 1,
        status: result.http_status,
        error: result.error,
      });
  }

  return {
    async runDue(): Promise<void> {
      const free = concurrency - inFlight.size;
      if (free <= 0) return;
      for (const row of await dueNotifications(db, now(), free + inFlight.size, faulted?.held())) {
        if (inFlight.has(row.notify_id) || inFlight.size >= concurrency) continue;
        const fault = faulted?.pick(row);
        if (fault?.fault.kind === 'reorder') continue;
        const p = attempt(row, fault)
          .catch((e: unknown) => log('notification delivery failed', { notify_id: row.notify_id, error: String(e) }))
          .finally(() => inFlight.delete(row.notify_id));
        inFlight.set(row.notify_id, p);
      }
    },
    async drain(): Promise<void> {
      await Promise.all(inFlight.values());
    },
  };
}
