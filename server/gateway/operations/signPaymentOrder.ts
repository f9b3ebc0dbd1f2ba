import { sign } from '../../../shared/gateway/hashNode';
import { encodeItems, ItemsCodecError } from '../../../shared/gateway/items';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import type { PaymentOrder } from '../types/payment';
import type { OperationContext } from './context';

/**
 * The wire fields of a checkout or authorise order: the caller's fields, our merchant_id and account_id (which
 * a caller's value can never override), `items` encoded, and encryption_data over the field list of
 * docs/protocol-decisions.md 3.
 */
export function signPaymentOrder(
  ctx: OperationContext,
  kind: 'checkout' | 'authorise',
  order: PaymentOrder,
): Record<string, unknown> {
  // the docs forbid "&" in return_url because it is signed: the gateway would verify a different string
  if (order.return_url.includes('&')) {
    throw new GatewayRequestError(kind, '', 'return_url must not contain "&" (it is signed)', 'return_url');
  }
  const { items, ...rest } = order as PaymentOrder & { encryption_data?: unknown };
  delete (rest as { encryption_data?: unknown }).encryption_data;
  const fields: Record<string, unknown> = Object.assign(
    { merchant_id: ctx.merchantId, account_id: ctx.accountId },
    rest,
    { merchant_id: ctx.merchantId, account_id: ctx.accountId },
  );
  if (items !== undefined) fields.items = typeof items === 'string' ? items : encodeItemsOrRefuse(kind, items);
  fields.encryption_data = sign(kind, fields, ctx.signKey, ctx.profile);
  return fields;
}

function encodeItemsOrRefuse(kind: 'checkout' | 'authorise', items: Parameters<typeof encodeItems>[0]): string {
  try {
    return encodeItems(items);
  } catch (e) {
    if (e instanceof ItemsCodecError) {
      throw new GatewayRequestError(kind, '', `items: ${e.message}`, ['items', ...e.path].join('.'));
    }
    throw e;
  }
}
