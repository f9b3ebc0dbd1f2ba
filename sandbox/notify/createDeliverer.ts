import type { Db } from '../store/openStore';
import { dueNotifications, recordAttempt, type NotificationRow } from '../store/notifications';
import { isExpired, retryDelayMs } from './backoff';

export interface DelivererOptions {
  db: Db;
  now: () => number;
  /** SANDBOX_NOTIFY_SCALE */
  scale: number;
  /** per attempt; a merchant that does not answer in time counts as a failure */
  timeoutMs?: number;
  concurrency?: number;
  log: (message: string, detail?: Record<string, unknown>) => void;
}

const MAX_RECORDED_BODY = 1000;

/**
 * Sends due notifications from the outbox: POST form-urlencoded, any 2xx acknowledges, anything else (status,
 * refused connection, time-out) is retried on the backoff schedule until the 36-hour window closes. At least
 * once: an attempt cut short by a stop or a crash stays due and is sent again. `runDue` starts attempts without
 * waiting for them; `drain` waits for those in flight.
 */
export function createDeliverer(opts: DelivererOptions) {
  const { db, now, scale, log } = opts;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const concurrency = opts.concurrency ?? 8;
  const inFlight = new Map<string, Promise<void>>();

  async function attempt(row: NotificationRow): Promise<void> {
    const fields = JSON.parse(row.fields_json) as Record<string, string>;
    const attemptedAt = now();
    let result: { http_status: number | null; response_body: string | null; error: string | null };
    try {
      const res = await fetch(row.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      result = { http_status: res.status, response_body: (await res.text()).slice(0, MAX_RECORDED_BODY), error: null };
    } catch (e) {
      result = { http_status: null, response_body: null, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
    }
    const finishedAt = now();
    const ok = result.http_status !== null && result.http_status >= 200 && result.http_status < 300;
    const next = ok
      ? { delivered_at: finishedAt }
      : isExpired(row.created_at, finishedAt, scale)
        ? { gave_up_at: finishedAt }
        : { next_attempt_at: finishedAt + retryDelayMs(row.attempts + 1, scale) };
    await recordAttempt(db, row, { ...result, attempted_at: attemptedAt }, next);
    if (!ok) log('notification not acknowledged', { notify_id: row.notify_id, notify_type: row.notify_type, attempt: row.attempts + 1, status: result.http_status, error: result.error });
  }

  return {
    async runDue(): Promise<void> {
      const free = concurrency - inFlight.size;
      if (free <= 0) return;
      for (const row of await dueNotifications(db, now(), free + inFlight.size)) {
        if (inFlight.has(row.notify_id) || inFlight.size >= concurrency) continue;
        const p = attempt(row)
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
