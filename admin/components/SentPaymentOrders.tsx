import type { OrderAttempt } from '../api/client';
import { DefinitionList } from './DefinitionList';

/**
 * "What did we send?": the payment order each attempt sent the gateway, field by field, as the backend kept it
 * (personal identifiers and tokens already masked there). The latest attempt is open, earlier ones folded.
 */
export function SentPaymentOrders({ attempts }: { attempts: readonly OrderAttempt[] }) {
  const sent = attempts.flatMap((a) => (a.payment_order ? [{ ...a, payment_order: a.payment_order }] : []));
  if (sent.length === 0) return <p>No payment order was sent to the gateway.</p>;
  return (
    <div class="sent-orders">
      {sent.map((a, i) => (
        <details key={a.id} open={i === sent.length - 1}>
          <summary>
            Attempt {a.seq}: <span class="mono">{a.gateway_order_no}</span> ({a.method})
          </summary>
          <DefinitionList value={a.payment_order} />
          {a.device_hidden && (
            <p class="hint">
              The shopper's device details (cookies, fingerprint, IP, browser) are shown to owners only.
            </p>
          )}
        </details>
      ))}
    </div>
  );
}
