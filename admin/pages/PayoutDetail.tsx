import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, Payout } from '../api/client';
import { DefinitionList } from '../components/DefinitionList';
import { PayoutStatus } from '../components/PayoutStatus';
import { errorText } from '../errorText';
import { href } from '../route';
import { useTitle } from '../useTitle';

/** One payout: its status (and why it failed), then every field the gateway returned. */
export function PayoutDetail({ api, id }: { api: AdminApi; id: string }) {
  useTitle(`Payout ${id}`);
  const [payout, setPayout] = useState<Payout | null>(null);
  const [error, setError] = useState<string>();
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    api.getPayout(id).then(
      (p) => live && setPayout(p),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [id, reload]);

  return (
    <>
      <p>
        <a href={href('payouts')}>← All payouts</a>
      </p>
      <h1 tabIndex={-1}>Payout {id}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {payout && (
        <>
          <p class="status-line">
            Status: <PayoutStatus status={payout.status} />{' '}
            <button type="button" onClick={() => setReload((n) => n + 1)}>
              Refresh
            </button>
          </p>
          {payout.status === 'FAILED' && (
            <p class="error">
              {payout.failure_reason ?? 'The gateway did not say why.'}
              {payout.failure_type ? ` (${payout.failure_type})` : ''}
            </p>
          )}
          <DefinitionList value={payout} />
        </>
      )}
    </>
  );
}
