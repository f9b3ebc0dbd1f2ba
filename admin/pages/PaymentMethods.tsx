import { useEffect, useState } from 'preact/hooks';
import type { FieldError } from '../../shared/contract/errors';
import { ApiError, type AdminApi } from '../api/client';
import { ErrorSummary } from '../components/ErrorSummary';
import { MethodEditor } from '../components/MethodEditor';
import { useCan } from '../permissions';
import { MethodPreview } from '../components/MethodPreview';
import { errorText } from '../errorText';
import { fromDrafts, toDraft, validateMethods, type MethodDraft } from '../methodDraft';
import { useTitle } from '../useTitle';

/** The languages every shop gets a label field for; others are added on the page. */
const BASE_LOCALES = ['en', 'fr'];

/** The shop's payment methods: which are offered, in which order, to whom, with which labels and limits. */
export function PaymentMethods({ api }: { api: AdminApi }) {
  useTitle('Payment methods');
  const can = useCan();
  const [drafts, setDrafts] = useState<MethodDraft[] | null>(null);
  const [locales, setLocales] = useState<string[]>(BASE_LOCALES);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<string>();
  const [newLocale, setNewLocale] = useState('');
  const [newMethod, setNewMethod] = useState({ id: '', code: '' });

  const load = (list: MethodDraft[]) => {
    setDrafts(list);
    setLocales([...new Set([...BASE_LOCALES, ...list.flatMap((d) => Object.keys(d.labels))])]);
  };

  useEffect(() => {
    api.getMethods().then(
      (r) => load([...r.methods].sort((a, b) => a.sort - b.sort).map(toDraft)),
      (e) => setFailure(errorText(e)),
    );
  }, []);

  // Moving a method re-orders the DOM; put focus back on the button that was pressed.
  useEffect(() => {
    if (!focus) return;
    document.getElementById(focus)?.focus();
    setFocus(undefined);
  }, [focus]);

  if (!drafts) {
    return (
      <>
        <h1 tabIndex={-1}>Payment methods</h1>
        {failure ? (
          <p class="error" role="alert">
            {failure}
          </p>
        ) : (
          <p>Loading…</p>
        )}
      </>
    );
  }
  if (!can('methods.write')) {
    return (
      <>
        <h1 tabIndex={-1}>Payment methods</h1>
        <p>Your role can see the payment methods but not change them.</p>
        <MethodPreview methods={fromDrafts(drafts)} />
      </>
    );
  }

  const edit = (next: MethodDraft[]) => {
    setMessage(undefined);
    setDrafts(next);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = drafts.slice();
    const [m] = next.splice(i, 1);
    next.splice(i + by, 0, m!);
    setFocus(`move-${by < 0 ? 'up' : 'down'}-${m!.id}`);
    edit(next);
  };

  async function save(e: Event) {
    e.preventDefault();
    setFailure(undefined);
    const local = validateMethods(drafts!);
    setErrors(local);
    if (local.length) return;
    setBusy(true);
    try {
      const saved = await api.putMethods(fromDrafts(drafts!));
      load([...saved.methods].sort((a, b) => a.sort - b.sort).map(toDraft));
      setMessage('Saved. Shoppers see the new settings from their next checkout.');
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) setErrors(err.fields);
      else setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  // "methods.2.countries.0" belongs to the input "methods.2.countries"
  const fieldPaths = (path: string) => /^methods\.\d+\.(labels\.[^.]+|[a-z_]+)/.exec(path)?.[0];
  // "methods.0.max_amount" reads "Card: maximum amount": the method by its English label, the field in words
  const labelOf = (path: string) => {
    const [, index, field, rest] = /^methods\.(\d+)\.([a-z_0-9]+)(?:\.(.+))?$/.exec(path) ?? [];
    const m = drafts[Number(index)];
    if (!m || !field) return undefined;
    const words = FIELD_WORDS[field] ?? field.replace(/_/g, ' ');
    return `${m.labels.en ?? m.id}: ${words}${rest ? ` (${rest})` : ''}`;
  };
  return (
    <>
      <h1 tabIndex={-1}>Payment methods</h1>
      <div class="methods-layout">
        <form class="methods" onSubmit={save} noValidate>
          <ErrorSummary
            title="The methods were not saved. Please check:"
            errors={errors}
            known={fieldPaths}
            labelOf={labelOf}
          />
          {failure && (
            <p class="error" role="alert">
              {failure}
            </p>
          )}
          {drafts.map((d, i) => (
            <MethodEditor
              key={i}
              index={i}
              count={drafts.length}
              draft={d}
              locales={locales}
              errors={errors}
              onChange={(next) => edit(drafts.map((x, j) => (j === i ? next : x)))}
              onMove={(by) => move(i, by)}
              onRemove={() => edit(drafts.filter((_, j) => j !== i))}
            />
          ))}
          <div class="actions sticky-actions">
            <button type="submit" class="primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save payment methods'}
            </button>
            {message && <span role="status">{message}</span>}
          </div>
        </form>
        <aside>
          <MethodPreview methods={fromDrafts(drafts)} />
          <section class="card" aria-labelledby="add-title">
            <h2 id="add-title">Add</h2>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const id = newMethod.id.trim().toLowerCase();
                if (!id) return;
                edit([
                  ...drafts,
                  {
                    id,
                    kind: 'apm',
                    payment_method: newMethod.code.trim().toUpperCase(),
                    labels: {},
                    enabled: false,
                    sort: drafts.length,
                    countries: '',
                    currencies: '',
                    min_amount: '',
                    max_amount: '',
                    installments: '',
                    fields: [],
                  },
                ]);
                setNewMethod({ id: '', code: '' });
              }}
            >
              <div class="field">
                <label for="new-method-id">New APM id</label>
                <input
                  id="new-method-id"
                  value={newMethod.id}
                  onInput={(e) => setNewMethod({ ...newMethod, id: e.currentTarget.value })}
                />
              </div>
              <div class="field">
                <label for="new-method-code">Gateway code</label>
                <input
                  id="new-method-code"
                  placeholder="e.g. PIX"
                  value={newMethod.code}
                  onInput={(e) => setNewMethod({ ...newMethod, code: e.currentTarget.value })}
                />
              </div>
              <button type="submit">Add method (off until enabled)</button>
            </form>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const l = newLocale.trim().toLowerCase();
                if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(l) && !locales.includes(l)) setLocales([...locales, l]);
                setNewLocale('');
              }}
            >
              <div class="field">
                <label for="new-locale">New label language</label>
                <input
                  id="new-locale"
                  placeholder="e.g. pt"
                  value={newLocale}
                  onInput={(e) => setNewLocale(e.currentTarget.value)}
                />
              </div>
              <button type="submit">Add language</button>
            </form>
          </section>
        </aside>
      </div>
    </>
  );
}

/** The page's words for a method's fields, where an error names one. */
const FIELD_WORDS: Record<string, string> = {
  min_amount: 'minimum amount',
  max_amount: 'maximum amount',
  countries: 'countries',
  currencies: 'currencies',
  labels: 'name',
  payment_method: 'gateway payment method',
  installments: 'installments',
  installment_interest: 'installment interest',
  fields: 'fields asked',
  sort: 'order',
};
