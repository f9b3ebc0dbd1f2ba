import { useEffect, useState } from 'preact/hooks';
import type {
  AdminApi,
  ApiKeyView,
  CreatedApiKey,
  DoublePaymentRefundSetting,
  SupportRefundLimits,
} from '../api/client';
import { ApiError } from '../api/client';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DateTime } from '../components/DateTime';
import { Table } from '../components/Table';
import { errorText } from '../errorText';
import { useTitle } from '../useTitle';

const ROLES = [
  { role: 'owner', text: 'owner: everything, including keys and payment methods' },
  { role: 'finance', text: 'finance: orders, captures, cancels, refunds, payouts' },
  { role: 'support', text: 'support: orders, reviews, refunds up to the limit below' },
  { role: 'viewer', text: 'viewer: read only' },
  { role: 'shop', text: "shop: the shop's own server (creates sessions)" },
] as const;

/**
 * API keys for scripts and the shop's server (owners only): create one (shown once, with a copy button), see
 * each by its prefix with when it was last used, revoke one. Rotating is creating the new key, moving the script
 * to it, then revoking the old one: both work meanwhile. Below, the support role's refund limit per currency and
 * the automatic refund of a double payment.
 */
export function ApiKeys({ api }: { api: AdminApi }) {
  useTitle('API keys');
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [error, setError] = useState<string>();
  const [form, setForm] = useState({ name: '', role: 'finance' });
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiKey>();
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView>();

  const load = () =>
    api.listKeys().then(
      (page) => setKeys(page.keys),
      (e) => setError(errorText(e)),
    );
  useEffect(() => {
    void load();
  }, []);

  const create = async () => {
    setFormError(undefined);
    try {
      const key = await api.createKey(form.name, form.role);
      setCreated(key);
      setCopied(false);
      setForm({ ...form, name: '' });
      await load();
    } catch (e) {
      setFormError(fieldText(e));
    }
  };

  const revoke = async (key: ApiKeyView) => {
    setRevoking(undefined);
    try {
      await api.revokeKey(key.id);
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>API keys</h1>
      <p>
        A key lets a script (<code>npm run cli</code>, a month-end export) or the shop's server act with one role. The
        audit log names the key by its prefix.
      </p>
      <form
        class="filters"
        aria-label="Create an API key"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <div class="field">
          <label for="key-name">Name</label>
          <input
            id="key-name"
            required
            maxLength={100}
            placeholder="month-end script"
            value={form.name}
            onInput={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
        </div>
        <div class="field">
          <label for="key-role">Role</label>
          <select id="key-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.currentTarget.value })}>
            {ROLES.map((r) => (
              <option key={r.role} value={r.role}>
                {r.text}
              </option>
            ))}
          </select>
        </div>
        <div class="actions">
          <button type="submit" class="primary">
            Create key
          </button>
        </div>
      </form>
      {formError && (
        <p class="error" role="alert">
          {formError}
        </p>
      )}
      {created && (
        <section class="notice" aria-labelledby="created-key">
          <h2 id="created-key">
            Key {created.prefix} ({created.role}) created
          </h2>
          <p>Copy it now and keep it in a secret store: it is shown this once and cannot be shown again.</p>
          <p>
            <input class="mono" readOnly aria-label="The new key" value={created.key} size={60} />{' '}
            <button
              type="button"
              onClick={() =>
                navigator.clipboard.writeText(created.key).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              Copy
            </button>{' '}
            <span role="status">{copied ? 'Copied.' : ''}</span>
          </p>
          <button type="button" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </section>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Table
        caption="API keys, newest first"
        hideCaption
        rows={keys ?? []}
        rowKey={(k) => k.id}
        empty={keys ? 'No API keys yet.' : 'Loading…'}
        columns={[
          { key: 'prefix', header: 'Key', class: 'mono', cell: (k) => `${k.prefix}…` },
          { key: 'name', header: 'Name', cell: (k) => k.name },
          { key: 'role', header: 'Role', cell: (k) => k.role },
          { key: 'created', header: 'Created', cell: (k) => <DateTime iso={k.created_at} /> },
          {
            key: 'used',
            header: 'Last used',
            cell: (k) => (k.last_used_at ? <DateTime iso={k.last_used_at} /> : 'never'),
          },
          {
            key: 'state',
            header: 'State',
            cell: (k) =>
              k.revoked_at ? (
                <>
                  revoked <DateTime iso={k.revoked_at} /> by {k.revoked_by}
                </>
              ) : (
                <button type="button" onClick={() => setRevoking(k)}>
                  Revoke <span class="visually-hidden">{k.prefix}</span>
                </button>
              ),
          },
        ]}
      />
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.prefix}?`}
          confirmLabel="Revoke"
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(undefined)}
        >
          <p>
            "{revoking.name}" ({revoking.role}) stops working at once, on every server. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
      <RefundLimits api={api} />
      <DoublePaymentRefund api={api} />
    </>
  );
}

/** The support role's refund limit per currency: one row each; a currency not listed cannot be refunded by support. */
function RefundLimits({ api }: { api: AdminApi }) {
  const [rows, setRows] = useState<SupportRefundLimits['limits'] | null>(null);
  const [message, setMessage] = useState<SavedOrNot>();
  useEffect(() => {
    api.getSupportRefundLimits().then(
      (s) => setRows(s.limits),
      (e) => setMessage({ error: true, text: errorText(e) }),
    );
  }, []);
  if (!rows) return null;
  const set = (i: number, field: 'currency' | 'amount', value: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const save = async () => {
    try {
      setRows((await api.putSupportRefundLimits(rows)).limits);
      setMessage({ error: false, text: 'Saved.' });
    } catch (e) {
      setMessage({ error: true, text: fieldText(e) });
    }
  };
  return (
    <section aria-labelledby="refund-limits">
      <h2 id="refund-limits">Support refund limit</h2>
      <p>
        The most one refund by the support role may be, per currency. Support cannot refund in a currency that is not
        listed.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {rows.map((r, i) => (
          <div class="filters" key={i}>
            <div class="field">
              <label for={`limit-currency-${i}`}>Currency</label>
              <input
                id={`limit-currency-${i}`}
                maxLength={3}
                size={4}
                value={r.currency}
                onInput={(e) => set(i, 'currency', e.currentTarget.value.toUpperCase())}
              />
            </div>
            <div class="field">
              <label for={`limit-amount-${i}`}>Most per refund</label>
              <input
                id={`limit-amount-${i}`}
                inputMode="decimal"
                value={r.amount}
                onInput={(e) => set(i, 'amount', e.currentTarget.value)}
              />
            </div>
            <div class="actions">
              <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                Remove <span class="visually-hidden">{r.currency}</span>
              </button>
            </div>
          </div>
        ))}
        <p>
          <button type="button" onClick={() => setRows([...rows, { currency: '', amount: '' }])}>
            Add a currency
          </button>{' '}
          <button type="submit" class="primary">
            Save limits
          </button>
        </p>
      </form>
      <SaveMessage message={message} />
    </section>
  );
}

/**
 * The extra payment of a double payment (a late APM payment after the shopper paid another way): refunded by the
 * owner from the order (off), or automatically that many minutes after it is found (on). The minutes go to the
 * backend as typed; it judges them and names the field when they are wrong.
 */
function DoublePaymentRefund({ api }: { api: AdminApi }) {
  const [auto, setAuto] = useState<boolean>();
  const [minutes, setMinutes] = useState('');
  const [message, setMessage] = useState<SavedOrNot>();
  const show = (s: DoublePaymentRefundSetting) => {
    setAuto(s.auto);
    setMinutes(String(s.delay_minutes));
  };
  useEffect(() => {
    api.getDoublePaymentRefund().then(show, (e) => setMessage({ error: true, text: errorText(e) }));
  }, []);
  const save = async () => {
    try {
      // not a number (or empty) goes as null, for the backend to refuse naming delay_minutes
      const delay = minutes.trim() === '' ? Number.NaN : Number(minutes);
      show(await api.putDoublePaymentRefund({ auto: auto === true, delay_minutes: delay }));
      setMessage({ error: false, text: 'Saved.' });
    } catch (e) {
      setMessage({ error: true, text: fieldText(e) });
    }
  };
  return (
    <section aria-labelledby="double-payment-refund">
      <h2 id="double-payment-refund">Refund a double payment</h2>
      <p>
        A late payment (a bank transfer or voucher paid after the shopper paid another way) charges the shopper twice.
        Off, you refund the extra payment from the order; on, it is refunded automatically after the delay. The shopper
        is told which.
      </p>
      {auto !== undefined && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div class="field">
            <label>
              <input type="radio" name="double-payment-auto" checked={!auto} onChange={() => setAuto(false)} /> Off: I
              refund it from the order
            </label>
          </div>
          <div class="field">
            <label>
              <input type="radio" name="double-payment-auto" checked={auto} onChange={() => setAuto(true)} /> On: refund
              it automatically
            </label>
          </div>
          <div class="field">
            <label for="double-payment-delay">Minutes after it is found (0 to 10080, a week)</label>
            <input
              id="double-payment-delay"
              inputMode="numeric"
              size={6}
              value={minutes}
              disabled={!auto}
              onInput={(e) => setMinutes(e.currentTarget.value)}
            />
          </div>
          <p>
            <button type="submit" class="primary">
              Save double payment refund
            </button>
          </p>
        </form>
      )}
      <SaveMessage message={message} />
    </section>
  );
}

type SavedOrNot = { error: boolean; text: string };

/** What a settings form's save came to: "Saved." as a status, or the backend's error as an alert. */
function SaveMessage({ message }: { message: SavedOrNot | undefined }) {
  if (!message) return null;
  return (
    <p class={message.error ? 'error' : undefined} role={message.error ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}

/** The API's message with each field it names ("limits.0.amount: is not an amount in USD"). */
function fieldText(e: unknown): string {
  if (e instanceof ApiError && e.fields.length) return e.fields.map((f) => `${f.path}: ${f.message}`).join('; ');
  return errorText(e);
}
