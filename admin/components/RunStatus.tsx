import type { useBulkRun } from '../useBulkRun';
import { BulkResults } from './BulkResults';
import { ProgressBar } from './ProgressBar';

/** The progress bar while a bulk run goes, then its per-order results (or why it stopped). */
export function RunStatus({ run }: { run: ReturnType<typeof useBulkRun> }) {
  return (
    <>
      {run.progress && <ProgressBar {...run.progress} />}
      {run.error && (
        <p class="error" role="alert">
          {run.error}
        </p>
      )}
      {run.outcome && <BulkResults action={run.outcome.action} results={run.outcome.results} onClose={run.close} />}
    </>
  );
}
