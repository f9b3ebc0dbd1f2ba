import type { WidgetMessage } from '../../shared/contract/payment';

/**
 * A `message` event as a WidgetMessage, or undefined unless it comes from `origin` (the backend that serves
 * /pay/frame and /pay/return) and has the contract's shape. Any page can post to the shop's window; only the
 * backend may move the widget to a result.
 */
export function readWidgetMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string,
): WidgetMessage | undefined {
  if (event.origin !== origin) return undefined;
  const data = event.data as Partial<Record<string, unknown>> | null;
  if (!data || typeof data !== 'object' || data.source !== 'checkout') return undefined;
  if (data.type === 'resize') {
    const height = data.height;
    return typeof height === 'number' && Number.isFinite(height)
      ? { source: 'checkout', type: 'resize', height }
      : undefined;
  }
  if (
    data.type === 'result' &&
    typeof data.payment_id === 'string' &&
    typeof data.order_no === 'string' &&
    typeof data.status === 'string'
  ) {
    return {
      source: 'checkout',
      type: 'result',
      payment_id: data.payment_id,
      order_no: data.order_no,
      status: data.status,
      ...(typeof data.message === 'string' ? { message: data.message } : {}),
    };
  }
  return undefined;
}
