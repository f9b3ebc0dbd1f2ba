import { useEffect, useRef, useState } from 'preact/hooks';
import type { FieldError } from '../../shared/contract/errors';
import { SHOP_EVENT_TYPES } from '../../shared/contract/shopEvents';
import { type AdminApi, ApiError, type ShopEndpointView, type ShopEndpointWithSecret } from '../api/client';
import { errorText } from '../errorText';
import { errorsFor } from '../nestFields';
import { ErrorSummary } from './ErrorSummary';
import { FieldError as FieldMessage } from './FieldError';
import { fieldId, TextField } from './TextField';

const LABELS: Record<string, string> = {
  url: 'URL',
  types: 'Event types',
  description: 'Description',
};
const labelOf = (path: string) => LABELS[path.split('.')[0] ?? ''];

type Props = { api: AdminApi } & (
  | { editing?: undefined; onCreated: (r: ShopEndpointWithSecret) => void }
  | { editing: ShopEndpointView; onSaved: (e: ShopEndpointView) => void; onCancel: () => void }
);

/**
 * A new event endpoint, or changes to one (`editing`): its URL, the event types it receives (all, until the
 * owner unticks some) and a note. The URL's rules (HTTPS in production, no private addresses) are the server's;
 * its 400 names the field, shown next to it and in the list at the top. A change keeps the endpoint's secret.
 */
export function ShopEndpointForm(props: Props) {
  const { api, editing } = props;
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [types, setTypes] = useState<string[]>(editing ? [...editing.types] : [...SHOP_EVENT_TYPES]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  // "Change" on a row opens this form below the table: take the keyboard there, to the field most changed
  useEffect(() => {
    if (editing) document.getElementById(fieldId('url'))?.focus();
  }, [editing?.id]);

  function showErrors(list: FieldError[]) {
    setErrors(list);
    queueMicrotask(() => summary.current?.querySelector<HTMLElement>('.error-summary')?.focus());
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const local: FieldError[] = [];
    if (!url.trim()) local.push({ path: 'url', message: 'is required' });
    if (types.length === 0) local.push({ path: 'types', message: 'must name at least one event type' });
    if (local.length) return showErrors(local);
    setErrors([]);
    setBusy(true);
    try {
      if (editing) {
        props.onSaved(
          await api.updateShopEndpoint(editing.id, { url: url.trim(), types, description: description.trim() || null }),
        );
        return;
      }
      const created = await api.createShopEndpoint({
        url: url.trim(),
        // every type is the server's default: sending none keeps new types the backend adds later
        ...(types.length === SHOP_EVENT_TYPES.length ? {} : { types }),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setUrl('');
      setDescription('');
      setTypes([...SHOP_EVENT_TYPES]);
      props.onCreated(created);
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) showErrors(err.fields);
      else setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const typesError = errorsFor(errors, 'types');
  return (
    <form class="payout-form" onSubmit={submit} noValidate aria-labelledby="endpoint-form-title">
      <h2 id="endpoint-form-title">{editing ? `Change ${editing.url}` : 'Add an endpoint'}</h2>
      <div ref={summary}>
        <ErrorSummary
          title={`The endpoint was not ${editing ? 'changed' : 'added'}. Please check these fields:`}
          errors={errors}
          known={(path) => (labelOf(path) ? path.split('.')[0] : undefined)}
          labelOf={labelOf}
        />
      </div>
      {failure && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      <TextField
        name="url"
        label="URL (required)"
        type="url"
        value={url}
        onValue={setUrl}
        error={errorsFor(errors, 'url')}
        hint="Your server's address that receives the events, e.g. https://shop.example/hooks/checkout"
      />
      <TextField
        name="description"
        label="Description"
        value={description}
        onValue={setDescription}
        error={errorsFor(errors, 'description')}
        maxLength={200}
      />
      <fieldset
        id={fieldId('types')}
        tabIndex={-1}
        aria-describedby={typesError ? `${fieldId('types')}-error` : undefined}
      >
        <legend>Event types</legend>
        {SHOP_EVENT_TYPES.map((t) => (
          <label key={t} class="choice">
            <input
              type="checkbox"
              checked={types.includes(t)}
              onChange={(e) =>
                setTypes(
                  e.currentTarget.checked
                    ? SHOP_EVENT_TYPES.filter((x) => x === t || types.includes(x))
                    : types.filter((x) => x !== t),
                )
              }
            />
            <span class="mono">{t}</span>
          </label>
        ))}
        <FieldMessage id={`${fieldId('types')}-error`} message={typesError} />
      </fieldset>
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {editing ? (busy ? 'Saving…' : 'Save changes') : busy ? 'Adding…' : 'Add endpoint'}
        </button>
        {editing && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
