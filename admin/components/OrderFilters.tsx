import { useState } from 'preact/hooks';
import { ORDER_STATUSES } from '../../shared/gateway/status';
import { STATUS_LABEL } from './StatusBadge';

export interface Filters {
  status: string;
  from: string;
  to: string;
  q: string;
}

/** Status, date range and free-text search; applied on submit so typing does not reload the list. */
export function OrderFilters({ value, onApply }: { value: Filters; onApply: (f: Filters) => void }) {
  const [f, setF] = useState(value);
  const set = (k: keyof Filters) => (e: { currentTarget: { value: string } }) =>
    setF({ ...f, [k]: e.currentTarget.value });
  return (
    <search aria-label="Filter orders">
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(f);
        }}
      >
        <div class="field">
          <label for="filter-status">Status</label>
          <select id="filter-status" value={f.status} onChange={set('status')}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-from">From</label>
          <input id="filter-from" type="date" value={f.from} onInput={set('from')} />
        </div>
        <div class="field">
          <label for="filter-to">To</label>
          <input id="filter-to" type="date" value={f.to} onInput={set('to')} />
        </div>
        <div class="field grow">
          <label for="filter-q">Search</label>
          <input
            id="filter-q"
            type="search"
            placeholder="Order number, e-mail or transaction"
            value={f.q}
            onInput={set('q')}
          />
        </div>
        <div class="actions">
          <button type="submit" class="primary">
            Apply
          </button>
          <button
            type="button"
            onClick={() => {
              const empty = { status: '', from: '', to: '', q: '' };
              setF(empty);
              onApply(empty);
            }}
          >
            Reset
          </button>
        </div>
      </form>
    </search>
  );
}
