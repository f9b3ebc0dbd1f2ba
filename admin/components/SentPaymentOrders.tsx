import { DefinitionList } from './DefinitionList';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * "What did we send?": the payment order each attempt sent the gateway, field by field, as the backend kept it
 * (personal identifiers and tokens already masked there). The latest attempt is open, earlier ones folded.
 */
export function SentPaymentOrders({ attempts }: { attempts: readonly Record<string, unknown>[] }) {
  const sent = attempts.filter((a) => isRecord(a.payment_order));
  if (sent.length === 0) return <p>No payment order was sent to the gateway.</p>;
  return (
    <div class="sent-orders">
      {sent.map((a, i) => (
        <details key={String(a.id ?? i)} open={i === sent.length - 1}>
          <summary>
            Attempt {String(a.seq ?? i + 1)}: <span class="mono">{String(a.gateway_order_no ?? '')}</span> ({String(a.method ?? '')})
          </summary>
          <DefinitionList value={a.payment_order as Record<string, unknown>} />
        </details>
      ))}
    </div>
  );
}
