import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, ShopDeliveryView } from '../api/client';
import { href } from '../route';
import { errorText } from '../errorText';
import { DateTime } from './DateTime';
import { SelectField } from './SelectField';
import { Table } from './Table';

const STATUS_WORDS: Record<ShopDeliveryView['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

interface Props {
  api: AdminApi;
  /** the endpoints' URLs by id, to say where each delivery went */
  urlOf: (endpointId: string) => string | undefined;
  /** bumped by the page after "Send test event", so the new delivery shows at once */
  reload: number;
}

/**
 * The latest deliveries of events to the endpoints, newest first, filtered by status, with "Resend" on each: a
 * resend puts the same event (same id, so the shop's server can deduplicate) back in the queue at once.
 */
export function ShopDeliveries({ api, urlOf, reload }: Props) {
  const [status, setStatus] = useState('');
  const [deliveries, setDeliveries] = useState<ShopDeliveryView[] | null>(null);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const load = () =>
    api.listShopDeliveries(status ? { status } : {}).then(
      (r) => {
        setDeliveries(r.deliveries);
        setError(undefined);
      },
      (e) => setError(errorText(e)),
    );
  useEffect(() => {
    void load();
  }, [status, reload]);

  async function resend(d: ShopDeliveryView) {
    setNotice(undefined);
    try {
      await api.resendShopDelivery(d.id);
      setNotice(`The ${d.event_type} event is queued to be sent again.`);
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      <div class="actions">
        <SelectField
          name="delivery-status"
          label="Status"
          value={status}
          options={['pending', 'delivered', 'failed']}
          optionLabel={(s) => STATUS_WORDS[s as ShopDeliveryView['status']] ?? s}
          emptyLabel="Any status"
          onValue={setStatus}
        />
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p aria-live="polite" class="ok">
        {notice}
      </p>
      <Table
        caption="Event deliveries, newest first"
        hideCaption
        rows={deliveries ?? []}
        rowKey={(d) => d.id}
        empty={deliveries ? 'No deliveries.' : 'Loading…'}
        columns={[
          { key: 'type', header: 'Event', class: 'mono', cell: (d) => d.event_type },
          {
            key: 'order',
            header: 'Order',
            cell: (d) =>
              d.order_no ? <a href={href(['orders', d.order_no])}>{d.order_no}</a> : (d.payout_request_id ?? ''),
          },
          { key: 'endpoint', header: 'Endpoint', class: 'mono', cell: (d) => urlOf(d.endpoint_id) ?? d.endpoint_id },
          { key: 'status', header: 'Status', cell: (d) => STATUS_WORDS[d.status] ?? d.status },
          { key: 'attempts', header: 'Attempts', class: 'num', cell: (d) => d.attempts },
          { key: 'answer', header: 'Last answer', cell: answerText },
          { key: 'next', header: 'Next retry', cell: (d) => <DateTime iso={d.next_attempt_at} /> },
          {
            key: 'actions',
            header: 'Actions',
            cell: (d) => (
              <button
                type="button"
                onClick={() => void resend(d)}
                aria-label={`Resend ${d.event_type}${d.order_no ? ` of ${d.order_no}` : ''}`}
              >
                Resend
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}

/** "200 ok", "500 oops", "timeout": the status code and the first words the endpoint answered, or why none came. */
function answerText(d: ShopDeliveryView): string {
  if (d.attempts === 0) return 'not sent yet';
  const parts = [d.last_status_code === null ? '' : String(d.last_status_code), d.last_answer ?? d.last_error ?? ''];
  return parts.filter(Boolean).join(' ') || '—';
}
