import { useRef, useState } from 'preact/hooks';
import type { FieldError } from '../../shared/contract/errors';
import type { AdminApi } from '../api/client';
import { ErrorSummary } from '../components/ErrorSummary';
import { SelectField } from '../components/SelectField';
import { TextField } from '../components/TextField';
import { errorsFor, nestFields } from '../nestFields';
import { PAYOUT_DEFAULTS, PAYOUT_SECTIONS, type PayoutField } from '../payoutFields';
import { href } from '../route';
import { usePayoutReview } from '../usePayoutReview';
import { useTitle } from '../useTitle';
import { validatePayout } from '../validatePayout';

const ALL_FIELDS: PayoutField[] = PAYOUT_SECTIONS.flatMap((s) => s.fields);

/** A field's label with its section ("First name (Payer)"): the payer's and the beneficiary's share labels. */
function labelOf(path: string): string | undefined {
  for (const section of PAYOUT_SECTIONS) {
    const field = section.fields.find((f) => f.path === path);
    if (field) return `${field.label} (${section.title})`;
  }
  return undefined;
}

/**
 * The input an error path belongs to: the field itself, the field holding it ("x.y.0" -> "x.y"), or for an
 * error on a whole group ("beneficiary") the group's first field.
 */
function fieldOf(path: string): string | undefined {
  const own = ALL_FIELDS.find((f) => path === f.path || path.startsWith(`${f.path}.`));
  return (own ?? ALL_FIELDS.find((f) => f.path.startsWith(`${path}.`)))?.path;
}

/**
 * A new payout (docs/gateway-api.md 2.7): beneficiary, payer and bank details. The form is checked with the gateway's
 * schema before sending, and the backend's field errors land on the same inputs. One Idempotency-Key is kept per
 * unchanged form, so a double click or a retry after a time-out cannot send the money twice.
 */
export function PayoutForm({ api }: { api: AdminApi }) {
  useTitle('New payout');
  const [values, setValues] = useState<Record<string, string>>(PAYOUT_DEFAULTS);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const summary = useRef<HTMLDivElement>(null);

  const payout = usePayoutReview(api, showErrors);
  const set = (path: string) => (value: string) => {
    payout.changed(); // a changed form is a different payout
    setValues({ ...values, [path]: value });
  };

  function showErrors(list: FieldError[]) {
    setErrors(list);
    // Let the summary render, then take the owner (and the screen reader) to it.
    queueMicrotask(() => summary.current?.querySelector<HTMLElement>('.error-summary')?.focus());
  }

  /** "Review payout": the form checked here, then by the backend, which answers the fee and the total */
  function submit(e: Event) {
    e.preventDefault();
    payout.setFailure(undefined);
    const local = validatePayout(nestFields(values));
    if (local.length) return showErrors(local);
    setErrors([]);
    void payout.ask(nestFields(values));
  }

  return (
    <>
      <p>
        <a href={href('payouts')}>← All payouts</a>
      </p>
      <h1 tabIndex={-1}>New payout</h1>
      <form class="payout-form" onSubmit={submit} noValidate>
        <div ref={summary}>
          <ErrorSummary
            title="The payout was not sent. Please check these fields:"
            errors={errors}
            known={fieldOf}
            labelOf={labelOf}
          />
        </div>
        {payout.failure && (
          <p class="error" role="alert">
            {payout.failure}
          </p>
        )}
        {PAYOUT_SECTIONS.map((section) => {
          const body = (
            <div class="grid">
              {section.fields.map((f) => {
                const error = errorsFor(errors, f.path);
                return f.options ? (
                  <SelectField
                    key={f.path}
                    name={f.path}
                    label={f.label}
                    value={values[f.path] ?? ''}
                    options={f.options}
                    onValue={set(f.path)}
                    error={error}
                    emptyLabel="—"
                  />
                ) : (
                  <TextField
                    key={f.path}
                    name={f.path}
                    label={f.required ? `${f.label} (required)` : f.label}
                    type={f.type ?? 'text'}
                    value={values[f.path] ?? ''}
                    onValue={set(f.path)}
                    error={error}
                    {...(f.hint ? { hint: f.hint } : {})}
                    required={f.required}
                  />
                );
              })}
            </div>
          );
          const hasError = section.fields.some((f) => errorsFor(errors, f.path));
          return section.folded ? (
            <details key={section.id} class="section" open={hasError || undefined}>
              <summary>{section.title}</summary>
              {body}
            </details>
          ) : (
            <fieldset key={section.id} class="section">
              <legend>{section.title}</legend>
              {body}
            </fieldset>
          );
        })}
        <div class="actions">
          <button type="submit" class="primary" disabled={payout.busy}>
            {payout.submitText}
          </button>
        </div>
      </form>
      {payout.dialog(() => nestFields(values))}
    </>
  );
}
