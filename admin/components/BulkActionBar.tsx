import type { BulkAction } from '../api/client';
import { ACTION_PERMISSION, useCan } from '../permissions';

export type BarAction = BulkAction | 'sync';

const BUTTONS: { action: BarAction; label: string }[] = [
  { action: 'capture', label: 'Capture' },
  { action: 'cancel', label: 'Cancel' },
  { action: 'review', label: 'Review' },
  { action: 'refund', label: 'Refund' },
  { action: 'sync', label: 'Sync with gateway' },
];

interface Props {
  count: number;
  busy: boolean;
  onAction: (action: BarAction) => void;
  onClear: () => void;
}

/** What can be done to the selected orders; it stays in view (sticky) while the owner scrolls the table. */
export function BulkActionBar({ count, busy, onAction, onClear }: Props) {
  const can = useCan();
  if (count === 0) return null;
  return (
    <fieldset class="bulk-bar" aria-label="Actions for the selected orders">
      <strong>{count === 1 ? '1 order selected' : `${count} orders selected`}</strong>
      {BUTTONS.filter((b) => can(ACTION_PERMISSION[b.action])).map((b) => (
        <button key={b.action} type="button" disabled={busy} onClick={() => onAction(b.action)}>
          {b.label}
        </button>
      ))}
      <button type="button" class="link" disabled={busy} onClick={onClear}>
        Clear selection
      </button>
    </fieldset>
  );
}
