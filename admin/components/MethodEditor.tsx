import type { FieldError } from '../../shared/contract/errors';
import { EDITOR_LABELS, METHOD_FIELDS, SHOPPER_FIELDS } from '../../shared/paymentMethods/shopperFields';
import type { MethodFieldName } from '../api/client';
import type { MethodDraft } from '../methodDraft';
import { errorsFor } from '../nestFields';
import { SelectField } from './SelectField';
import { TextField, fieldId } from './TextField';

/** The shopper fields the editor offers (those with a label), single fields first, then the groups. */
const EXTRA_FIELDS: { field: MethodFieldName; label: string }[] = [false, true].flatMap((group) =>
  METHOD_FIELDS.flatMap((field) => {
    const label = EDITOR_LABELS[field];
    return label && 'group' in SHOPPER_FIELDS[field] === group ? [{ field, label }] : [];
  }),
);

interface Props {
  index: number;
  count: number;
  draft: MethodDraft;
  locales: readonly string[];
  errors: readonly FieldError[];
  onChange: (draft: MethodDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** The settings of one payment method. Every input is named by its path in the PUT body, for field errors. */
export function MethodEditor({ index, count, draft, locales, errors, onChange, onMove, onRemove }: Props) {
  const p = `methods.${index}`;
  const err = (field: string) => errorsFor(errors, `${p}.${field}`);
  const name = draft.labels.en || draft.id || 'New method';
  const set =
    <K extends keyof MethodDraft>(k: K) =>
    (v: MethodDraft[K]) =>
      onChange({ ...draft, [k]: v });

  return (
    <fieldset class="method">
      <legend>
        {index + 1}. {name}{' '}
        <span class="muted">
          ({draft.kind === 'card' ? 'card, in the checkout iFrame' : `APM ${draft.payment_method ?? ''}`})
        </span>
      </legend>
      <div class="method-head">
        <label class="choice">
          <input
            type="checkbox"
            id={fieldId(`${p}.enabled`)}
            checked={draft.enabled}
            onChange={(e) => set('enabled')(e.currentTarget.checked)}
          />
          Offered to shoppers
        </label>
        <div class="actions">
          <button
            type="button"
            id={`move-up-${draft.id}`}
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            ↑ Up
          </button>
          <button
            type="button"
            id={`move-down-${draft.id}`}
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            ↓ Down
          </button>
          <button type="button" class="danger" aria-label={`Remove ${name}`} onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
      <div class="grid">
        <TextField
          name={`${p}.id`}
          label="Id"
          value={draft.id}
          onValue={set('id')}
          error={err('id')}
          autoComplete="off"
        />
        {draft.kind === 'apm' ? (
          <TextField
            name={`${p}.payment_method`}
            label="Gateway code"
            value={draft.payment_method ?? ''}
            onValue={set('payment_method')}
            error={err('payment_method')}
          />
        ) : (
          <SelectField
            name={`${p}.open3d`}
            label="3-D Secure"
            value={draft.open3d ?? ''}
            options={['do3DS', 'no3DS']}
            emptyLabel="Gateway default"
            onValue={(v) => set('open3d')(v === '' ? undefined : (v as 'do3DS' | 'no3DS'))}
            error={err('open3d')}
          />
        )}
        {locales.map((l) => (
          <TextField
            key={l}
            name={`${p}.labels.${l}`}
            label={`Label (${l})`}
            lang={l}
            value={draft.labels[l] ?? ''}
            onValue={(v) => onChange({ ...draft, labels: { ...draft.labels, [l]: v } })}
            error={err(`labels.${l}`)}
          />
        ))}
        <TextField
          name={`${p}.countries`}
          label="Countries"
          hint="Two-letter codes, comma-separated; empty = every country"
          value={draft.countries}
          onValue={set('countries')}
          error={err('countries')}
        />
        <TextField
          name={`${p}.currencies`}
          label="Currencies"
          hint="ISO codes, comma-separated; empty = every currency"
          value={draft.currencies}
          onValue={set('currencies')}
          error={err('currencies')}
        />
        <TextField
          name={`${p}.min_amount`}
          label="Minimum amount"
          hint="In the shopper's currency, e.g. 1.00"
          inputMode="decimal"
          value={draft.min_amount}
          onValue={set('min_amount')}
          error={err('min_amount')}
        />
        <TextField
          name={`${p}.max_amount`}
          label="Maximum amount"
          hint="Empty = no limit"
          inputMode="decimal"
          value={draft.max_amount}
          onValue={set('max_amount')}
          error={err('max_amount')}
        />
        {draft.kind === 'card' && (
          <TextField
            name={`${p}.installments`}
            label="Installments"
            hint="Numbers of installments the shopper may choose, 2 to 48, comma-separated; empty = pay at once only"
            inputMode="numeric"
            value={draft.installments}
            onValue={set('installments')}
            error={err('installments')}
          />
        )}
      </div>
      <fieldset class="inline">
        <legend>Extra details asked from the shopper</legend>
        {EXTRA_FIELDS.map((f) => (
          <label key={f.field} class="choice">
            <input
              type="checkbox"
              checked={draft.fields.includes(f.field)}
              onChange={(e) =>
                set('fields')(
                  e.currentTarget.checked ? [...draft.fields, f.field] : draft.fields.filter((x) => x !== f.field),
                )
              }
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      {draft.banks?.length ? <p class="hint">Banks offered: {draft.banks.map((b) => b.name).join(', ')}</p> : null}
    </fieldset>
  );
}
