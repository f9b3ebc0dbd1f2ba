import { useState } from 'preact/hooks';
import type { AdminApi, BulkAction, BulkItem, BulkResult } from './api/client';
import { errorText } from './errorText';
import { sendInChunks } from './sendInChunks';
import { sendOnce } from './sendOnce';

export type RunAction = BulkAction | 'sync';

const LABEL: Record<RunAction, string> = {
  capture: 'Capturing',
  cancel: 'Cancelling',
  review: 'Reviewing',
  refund: 'Refunding',
  sync: 'Syncing',
};

export interface Progress {
  label: string;
  done: number;
  total: number;
}

/**
 * Runs a bulk action or a sync and keeps what the page shows about it: the progress while it runs, then one
 * result per order. `onDone` lets the page reload its list, whose statuses have changed.
 */
export function useBulkRun(api: AdminApi, onDone: () => void = () => {}) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<{ action: RunAction; results: BulkResult[] } | null>(null);
  const [error, setError] = useState<string>();

  async function track(
    action: RunAction,
    total: number,
    work: (advance: (done: number) => void) => Promise<BulkResult[]>,
  ) {
    setOutcome(null);
    setError(undefined);
    setProgress({ label: LABEL[action], done: 0, total });
    try {
      const results = await work((done) => setProgress({ label: LABEL[action], done, total }));
      setOutcome({ action, results });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
      onDone();
    }
  }

  /** Sends `items` in chunks; `skipped` (orders never sent) are listed with the results. */
  const run = (action: RunAction, items: BulkItem[], skipped: BulkResult[] = []) =>
    track(action, items.length, async (advance) => {
      const send =
        action === 'sync'
          ? (chunk: BulkItem[]) => api.sync({ order_nos: chunk.map((i) => i.order_no) })
          : // the same intended operation keeps its key until its outcome is known (never refunded twice)
            (chunk: BulkItem[]) => sendOnce(api, action, chunk);
      return [...(await sendInChunks(items, send, advance)), ...skipped];
    });

  /** Asks the backend to sync every order of a date range with the gateway (the backend does the paging). */
  const syncRange = (from: string, to: string) =>
    track('sync', 1, async (advance) => {
      const { results } = await api.sync({ from, to });
      advance(1);
      return results;
    });

  return { progress, outcome, error, run, syncRange, close: () => setOutcome(null) };
}
