import { useEffect, useState } from 'preact/hooks';
import type { FieldError } from '../../shared/contract/errors';
import { SHOP_EVENT_TYPES } from '../../shared/contract/shopEvents';
import { type AdminApi, ApiError, type ShopEndpointView, type ShopEndpointWithSecret } from '../api/client';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DateTime } from '../components/DateTime';
import { SecretOnce } from '../components/SecretOnce';
import { ShopDeliveries } from '../components/ShopDeliveries';
import { ShopEndpointForm } from '../components/ShopEndpointForm';
import { Table } from '../components/Table';
import { TextField } from '../components/TextField';
import { errorText } from '../errorText';
import { errorsFor } from '../nestFields';
import { useTitle } from '../useTitle';

type Dialog = { kind: 'remove' | 'roll'; endpoint: ShopEndpointView };

/**
 * "Shop events" (issue #21): the URLs on the shop's own server that receive signed order and payout events, and
 * what was delivered to them. A secret is shown once, when it is made (add, roll); a rolled secret keeps signing
 * until its overlap ends, so the shop's server can switch to the new one without missing an event.
 */
export function ShopEvents({ api }: { api: AdminApi }) {
  useTitle('Shop events');
  const [endpoints, setEndpoints] = useState<ShopEndpointView[] | null>(null);
  const [fresh, setFresh] = useState<ShopEndpointWithSecret>();
  const [dialog, setDialog] = useState<Dialog>();
  const [overlap, setOverlap] = useState('');
  const [dialogErrors, setDialogErrors] = useState<FieldError[]>([]);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [deliveriesVersion, setDeliveriesVersion] = useState(0);
  const [editing, setEditing] = useState<ShopEndpointView>();

  const load = () =>
    api.listShopEndpoints().then(
      (r) => setEndpoints(r.endpoints),
      (e) => setError(errorText(e)),
    );
  useEffect(() => {
    void load();
  }, []);

  /** runs one endpoint action, then reads the list again; a failure is shown above the table */
  async function act(run: () => Promise<unknown>, done?: string) {
    setError(undefined);
    setNotice(undefined);
    try {
      await run();
      if (done) setNotice(done);
      await load();
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  }

  async function roll(endpoint: ShopEndpointView) {
    const hours = overlap.trim() === '' ? undefined : Number(overlap);
    try {
      const rolled = await api.rollShopEndpointSecret(endpoint.id, hours);
      setDialog(undefined);
      setFresh(rolled);
      await load();
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) setDialogErrors(e.fields);
      else setDialogErrors([{ path: '', message: errorText(e) }]);
    }
  }

  const urlOf = (id: string) => endpoints?.find((e) => e.id === id)?.url;
  return (
    <>
      <h1 tabIndex={-1}>Shop events</h1>
      <p>
        Your server can be told when an order is paid, refunded or disputed, and when a payout completes: add its URL
        here. Every event is signed with the endpoint's secret and retried until your server answers 2xx.
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p aria-live="polite" class="ok">
        {notice}
      </p>
      {fresh && <SecretOnce label={fresh.endpoint.url} secret={fresh.secret} onDone={() => setFresh(undefined)} />}
      <h2>Endpoints</h2>
      <Table
        caption="Event endpoints"
        hideCaption
        rows={endpoints ?? []}
        rowKey={(e) => e.id}
        empty={endpoints ? 'No endpoints yet: add one below.' : 'Loading…'}
        columns={[
          {
            key: 'url',
            header: 'URL',
            cell: (e) => (
              <>
                <span class="mono">{e.url}</span>
                {e.description && <span class="hint detail-cell">{e.description}</span>}
              </>
            ),
          },
          {
            key: 'types',
            header: 'Event types',
            cell: (e) =>
              e.types.length === SHOP_EVENT_TYPES.length ? (
                'All'
              ) : (
                <span class="mono detail-cell">{e.types.join(', ')}</span>
              ),
          },
          { key: 'enabled', header: 'Enabled', cell: (e) => (e.enabled ? 'Yes' : 'No, paused') },
          { key: 'secrets', header: 'Secrets', cell: (e) => <SecretsText endpoint={e} /> },
          {
            key: 'actions',
            header: 'Actions',
            cell: (e) => (
              <fieldset class="actions" aria-label={`Actions for ${e.url}`}>
                <button
                  type="button"
                  onClick={() =>
                    void act(
                      () => api.updateShopEndpoint(e.id, { enabled: !e.enabled }),
                      `${e.url} is ${e.enabled ? 'disabled: events from now on are not sent to it (your server can read them with GET /api/events)' : 'enabled'}.`,
                    )
                  }
                  aria-label={`${e.enabled ? 'Disable' : 'Enable'} ${e.url}`}
                >
                  {e.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    void act(async () => {
                      await api.testShopEndpoint(e.id);
                      setDeliveriesVersion((v) => v + 1);
                    }, `A test event is on its way to ${e.url}; it shows in the deliveries below.`)
                  }
                  aria-label={`Send test event to ${e.url}`}
                >
                  Send test event
                </button>
                <button type="button" onClick={() => setEditing(e)} aria-label={`Change ${e.url}`}>
                  Change
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setOverlap('');
                    setDialogErrors([]);
                    setDialog({ kind: 'roll', endpoint: e });
                  }}
                  aria-label={`Roll secret of ${e.url}`}
                >
                  Roll secret
                </button>
                <button
                  type="button"
                  onClick={() => setDialog({ kind: 'remove', endpoint: e })}
                  aria-label={`Remove ${e.url}`}
                >
                  Remove
                </button>
              </fieldset>
            ),
          },
        ]}
      />
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title="Remove this endpoint?"
          confirmLabel="Remove endpoint"
          onCancel={() => setDialog(undefined)}
          onConfirm={() => {
            const e = dialog.endpoint;
            setDialog(undefined);
            void act(() => api.deleteShopEndpoint(e.id), `${e.url} was removed.`);
          }}
        >
          <p>
            <span class="mono">{dialog.endpoint.url}</span> will receive no more events, and the ones still waiting for
            it are dropped. To stop events for a while instead, disable it.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'roll' && (
        <ConfirmDialog
          title="Roll the signing secret?"
          confirmLabel="Roll secret"
          onCancel={() => setDialog(undefined)}
          onConfirm={() => void roll(dialog.endpoint)}
        >
          <p>
            A new secret is made for <span class="mono">{dialog.endpoint.url}</span> and shown once. The current one
            keeps signing for the overlap, so your server can switch without missing an event.
          </p>
          {dialogErrors
            .filter((f) => f.path !== 'overlap_hours')
            .map((f, i) => (
              <p key={i} class="error" role="alert">
                {f.message}
              </p>
            ))}
          <TextField
            name="overlap_hours"
            label="Overlap (hours)"
            inputMode="decimal"
            value={overlap}
            onValue={setOverlap}
            error={errorsFor(dialogErrors, 'overlap_hours')}
            hint="Empty: the server's default (SHOP_EVENTS_ROLL_OVERLAP_HOURS). 0 stops the old secret at once."
          />
        </ConfirmDialog>
      )}
      {editing ? (
        <ShopEndpointForm
          key={editing.id}
          api={api}
          editing={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            setNotice(`${saved.url} was changed.`);
            void load();
          }}
        />
      ) : (
        <ShopEndpointForm
          api={api}
          onCreated={(created) => {
            setFresh(created);
            setNotice(`${created.endpoint.url} was added.`);
            void load();
          }}
        />
      )}
      <ShopDeliveries api={api} urlOf={urlOf} reload={deliveriesVersion} />
    </>
  );
}

/** "1 secret" or, after a roll, the old one's end: "rolled, still signing until …". */
function SecretsText({ endpoint }: { endpoint: ShopEndpointView }) {
  const since = endpoint.secrets.find((s) => s.expires_at === null)?.created_at;
  const rolled = endpoint.secrets.filter((s) => s.expires_at !== null);
  return (
    <span class="detail-cell">
      current since <DateTime iso={since} />
      {rolled.map((s) => (
        <span key={s.created_at} class="hint detail-cell">
          rolled, still signing until <DateTime iso={s.expires_at} />
        </span>
      ))}
    </span>
  );
}
