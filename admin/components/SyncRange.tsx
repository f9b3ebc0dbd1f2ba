import { useState } from 'preact/hooks';

/** Sync every order created in a date range with the gateway's own record of it. */
export function SyncRange({ busy, onSync }: { busy: boolean; onSync: (from: string, to: string) => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();
  return (
    <details class="sync-range">
      <summary>Sync a date range with the gateway</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!from || !to) return setError('Choose both dates.');
          // ISO dates compare correctly as strings.
          if (from > to) return setError('The start date must not be after the end date.');
          setError(undefined);
          onSync(from, to);
        }}
      >
        <div class="field">
          <label for="sync-from">From</label>
          <input
            id="sync-from"
            type="date"
            value={from}
            onInput={(e) => setFrom(e.currentTarget.value)}
            aria-describedby={error ? 'sync-error' : undefined}
          />
        </div>
        <div class="field">
          <label for="sync-to">To</label>
          <input
            id="sync-to"
            type="date"
            value={to}
            onInput={(e) => setTo(e.currentTarget.value)}
            aria-describedby={error ? 'sync-error' : undefined}
          />
        </div>
        <button type="submit" disabled={busy}>
          Sync range
        </button>
        {error && (
          <p id="sync-error" class="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
