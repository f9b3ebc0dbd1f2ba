import { useRef, useState } from 'preact/hooks';
import type { FieldError } from '../../shared/contract/errors';
import type { RecipientView } from '../../shared/contract/recipient';
import { checkRecipient } from '../../shared/payouts/checkRecipient';
import { ApiError, type AdminApi } from '../api/client';
import { errorText } from '../errorText';
import { errorsFor, nestFields } from '../nestFields';
import { recipientFieldLabel, recipientFields } from '../recipientFields';
import { ErrorSummary } from './ErrorSummary';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

const START = { 'beneficiary.entity_type': 'COMPANY', payment_method: 'SWIFT' };

/**
 * A new saved recipient. The form shows only what its kind needs (`recipientFields`: who, where, and the bank
 * fields of its method in its country), checks it with the server's own rules before sending, and names every
 * error in words.
 */
export function RecipientForm({ api, onSaved }: { api: AdminApi; onSaved: (r: RecipientView) => void }) {
  const [values, setValues] = useState<Record<string, string>>(START);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const country = values['beneficiary.address.country_code'] ?? '';
  const fields = recipientFields({
    entityType: values['beneficiary.entity_type'] ?? '',
    country,
    method: values.payment_method ?? '',
  });
  const set = (path: string) => (value: string) => setValues({ ...values, [path]: value });
  const known = (path: string) => fields.find((f) => path === f.path || path.startsWith(`${f.path}.`))?.path;

  function bodyOf(): Record<string, unknown> {
    // only the fields on screen: a value typed before the owner changed the kind is not sent
    const shown = Object.fromEntries(fields.map((f) => [f.path, values[f.path] ?? '']));
    const body = nestFields(shown) as { beneficiary?: { bank_details?: Record<string, string> } };
    const bank = body.beneficiary?.bank_details;
    if (bank && !bank.iban && country) bank.bank_country_code = country.toUpperCase();
    if (body.beneficiary?.bank_details === undefined && body.beneficiary) body.beneficiary.bank_details = {};
    return body as Record<string, unknown>;
  }

  function showErrors(list: FieldError[]) {
    setErrors(list);
    queueMicrotask(() => summary.current?.querySelector<HTMLElement>('.error-summary')?.focus());
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const body = bodyOf();
    const checked = checkRecipient(body, new Date().toISOString().slice(0, 10));
    if (!checked.ok) return showErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      onSaved(await api.createRecipient(body));
      setValues(START);
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) showErrors(err.fields);
      else setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="payout-form" onSubmit={submit} noValidate aria-labelledby="new-recipient">
      <h2 id="new-recipient">New recipient</h2>
      <div ref={summary}>
        <ErrorSummary
          title="The recipient was not saved. Please check these fields:"
          errors={errors}
          known={known}
          labelOf={recipientFieldLabel}
        />
      </div>
      {failure && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      <div class="grid">
        {fields.map((f) => {
          const error = errorsFor(errors, f.path);
          const label = f.required ? `${f.label} (required)` : f.label;
          return f.options ? (
            <SelectField
              key={f.path}
              name={f.path}
              label={label}
              value={values[f.path] ?? ''}
              options={f.options.map((o) => o.value)}
              optionLabel={(v) => f.options!.find((o) => o.value === v)?.label ?? v}
              onValue={set(f.path)}
              error={error}
            />
          ) : (
            <TextField
              key={f.path}
              name={f.path}
              label={label}
              value={values[f.path] ?? ''}
              onValue={set(f.path)}
              error={error}
              {...(f.hint ? { hint: f.hint } : {})}
              required={f.required}
            />
          );
        })}
      </div>
      {!/^[A-Za-z]{2}$/.test(country) && <p class="hint">Enter the country to see the bank details it needs.</p>}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save recipient'}
        </button>
      </div>
    </form>
  );
}
