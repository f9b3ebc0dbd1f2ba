import type { SessionView } from '../../shared/contract/session';
import { classifyStatus } from './classifyStatus';

export interface PollOptions {
  /** waits between reads; the last one repeats */
  intervalsMs?: readonly number[];
  /** give up after this long: the shopper keeps the "being confirmed" message and may try another method */
  deadlineMs?: number;
}

/**
 * Re-reads the session while its payment is pending (an APM that settles by notification, a card held for review)
 * until the outcome is paid or failed. Read errors are skipped: a blip must not turn "pending" into an error.
 * Returns the function that stops it.
 */
export function pollSession(
  load: () => Promise<SessionView>,
  on: { settled: (session: SessionView) => void; gaveUp: () => void },
  { intervalsMs = [1000, 2000, 3000, 5000], deadlineMs = 60_000 }: PollOptions = {},
): () => void {
  const started = Date.now();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (attempt: number) => {
    const wait = intervalsMs[Math.min(attempt, intervalsMs.length - 1)] ?? 5000;
    if (stopped) return;
    if (Date.now() + wait - started > deadlineMs) {
      on.gaveUp();
      return;
    }
    timer = setTimeout(() => {
      load().then(
        (session) => {
          if (stopped) return;
          const outcome = session.payment ? classifyStatus(session.payment.status) : undefined;
          if (outcome === 'paid' || outcome === 'failed') on.settled(session);
          else next(attempt + 1);
        },
        () => next(attempt + 1),
      );
    }, wait);
  };
  next(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
