import type { AppDeps } from '../deps';

/**
 * The time before which a `pending` journal row can no longer be in flight: a batch call is never retried, so
 * it ends within the gateway time-out; twice that, plus slack for the database, is safely past it. Younger
 * pending rows may belong to a request still running (here or in another process) and are left alone: they
 * only keep their amount reserved.
 */
export function inFlightCutoff(deps: Pick<AppDeps, 'config' | 'now'>): string {
  return new Date(deps.now().getTime() - (2 * deps.config.gateway.timeoutMs + 5_000)).toISOString();
}
