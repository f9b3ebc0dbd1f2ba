import { randomUUID } from 'node:crypto';
import { ApiError, apiErrorOf } from '../../shared/contract/ApiError';
import type { OrderDetail } from '../../shared/contract/adminOrders';
import type { CreateSessionResponse } from '../../shared/contract/session';
import { SHOP_EVENT_TYPES, type ShopEvent, type ShopEventType } from '../../shared/contract/shopEvents';
import { payByCard, pressIssuerButton, type Returned } from '../../shared/sandbox/playShopper';
import type { EventPuller } from './eventsPull';
import type { CliIo } from './io';

type Call = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;

export interface TriggerDeps {
  backendUrl: string;
  /** a shop-server credential: creates the session, reads the events */
  shopKey: string;
  /** the admin API as the CLI calls it (capture, cancel, refund, the order's detail) */
  admin: Call;
  puller: EventPuller;
  /** how long to wait for the event once the payment is made (default 60 s) */
  timeoutMs?: number;
}

/** The demo shopper and device the sandbox's demo methods take (card and Pix). */
const SHOPPER = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '+55 11 91234 5678',
  billing: { country: 'BR', state: 'SP', city: 'São Paulo', address: 'Rua A 1', postal_code: '01000-000' },
};
const DEVICE = {
  os: 'Linux',
  browser: 'npm run cli',
  browser_lang: 'en',
  time_zone: '0',
  resolution: '1920x1080',
  color_depth: '24',
  cookie_new: 'a=1',
  cookie_old: '',
  device_fingerprint: 'cli-events-trigger',
  device_type: 'desktop',
  user_agent: 'checkout-cli events trigger',
};
/** The sandbox's test card that is authorised (the demo account captures by hand). */
const AUTHORISED_CARD = '4242424242424242';

/** What each event type takes, made of real steps: a session, a payment in the sandbox, an owner's action. */
const RECIPES: Record<string, string> = {
  'order.authorised': 'a card payment (test card 4242), authorised and left to capture',
  'order.paid': 'a Pix payment approved on the issuer page',
  'order.declined': 'a Pix payment declined on the issuer page',
  'order.cancelled': 'a card payment authorised, then cancelled with the admin API',
  'order.partially_refunded': 'a Pix payment, then 1.00 of it refunded with the admin API',
  'order.refunded': 'a Pix payment, then all of it refunded with the admin API',
  'order.refund_failed': 'a Pix payment, then a refund the sandbox is told to fail (/sandbox/refund-outcome)',
  'order.dispute_opened': 'a Pix payment, then a chargeback opened in the sandbox (/sandbox/disputes)',
  'order.dispute_closed': 'a Pix payment, a chargeback opened, then won (/sandbox/disputes/:id/result)',
};

/** The types `events trigger` makes, and what it does for each (said when another type is asked for). */
function triggerableTypes(): string {
  return Object.entries(RECIPES)
    .map(([type, how]) => `  ${type.padEnd(26)}${how}`)
    .join('\n');
}

/**
 * `events trigger <type>`: makes the event happen for real, through the backend's own paths (the shop's session,
 * the widget's payment call, the shopper in the sandbox's pages, the admin API, the sandbox's controls), then waits
 * until the backend lists that event of that order and prints it. A type the sandbox cannot produce this way
 * is refused with what to do instead (exit 2).
 */
export async function triggerEvent(type: string, deps: TriggerDeps, io: Pick<CliIo, 'stdout' | 'stderr'>) {
  if (!RECIPES[type]) {
    const known = (SHOP_EVENT_TYPES as readonly string[]).includes(type);
    io.stderr.write(
      known
        ? `${type} cannot be triggered here: payout events come from a payout, which moves money; send one in the ` +
            'sandbox with `npm run cli -- payout --json payout.json --key KEY`, and its event follows\n'
        : `${type} is not an event type. events trigger takes:\n${triggerableTypes()}\n`,
    );
    return 2;
  }
  const after = await deps.puller.newestId();
  io.stderr.write(`${type}: ${RECIPES[type]}...\n`);
  const steps = shopSteps(deps);
  let orderNo: string;
  if (type === 'order.authorised' || type === 'order.cancelled') {
    orderNo = await steps.payByCard();
    if (type === 'order.cancelled') {
      await waitForEvent(deps, after, 'order.authorised', orderNo);
      await bulk(deps, 'cancel', { order_no: orderNo });
    }
  } else if (type === 'order.declined') orderNo = await steps.payByPix('decline');
  else {
    orderNo = await steps.payByPix('approve');
    if (type !== 'order.paid') await waitForEvent(deps, after, 'order.paid', orderNo);
    if (type === 'order.partially_refunded') await bulk(deps, 'refund', { order_no: orderNo, amount: '1.00' });
    if (type === 'order.refunded') await bulk(deps, 'refund', { order_no: orderNo });
    if (type === 'order.refund_failed') {
      const order = await deps.admin<OrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`);
      await sandbox(steps.gatewayOrigin(), '/sandbox/refund-outcome', {
        order_no: order.attempts.at(-1)!.gateway_order_no,
        outcome: 'fail',
      });
      await bulk(deps, 'refund', { order_no: orderNo });
    }
    if (type === 'order.dispute_opened' || type === 'order.dispute_closed') {
      const order = await deps.admin<OrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`);
      const opened = await sandbox<{ dispute_id: string }>(steps.gatewayOrigin(), '/sandbox/disputes', {
        transaction_id: order.transaction_id,
        amount: '5.00',
        reason: 'Merchandise not received (npm run cli -- events trigger)',
      });
      if (type === 'order.dispute_closed') {
        await waitForEvent(deps, after, 'order.dispute_opened', orderNo);
        await sandbox(steps.gatewayOrigin(), `/sandbox/disputes/${encodeURIComponent(opened.dispute_id)}/result`, {
          outcome: 'won',
        });
      }
    }
  }
  const event = await waitForEvent(deps, after, type as ShopEventType, orderNo);
  io.stdout.write(`${event.id}  ${event.type}  ${orderNo}\n`);
  return 0;
}

/** The shop's server and the shopper, as a shop page with the widget would drive them. */
function shopSteps(deps: TriggerDeps) {
  let gateway: string | undefined;
  const api = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${deps.backendUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const parsed: unknown = await res.json().catch(() => undefined);
    if (!res.ok) throw apiErrorOf(res.status, parsed, { code: 'http_error', message: `${path}: ${res.status}` });
    return parsed as T;
  };
  const startPayment = async (cart: Record<string, unknown>, method: 'card' | 'pix') => {
    const session = await api<CreateSessionResponse>('/api/sessions', cart, {
      authorization: `Bearer ${deps.shopKey}`,
    });
    const payment = await api<{ action: { url: string; frame_origin?: string } }>(
      `/api/sessions/${encodeURIComponent(session.id)}/payments`,
      { client_secret: session.client_secret, method, shopper: SHOPPER, device: DEVICE },
      { 'idempotency-key': randomUUID() },
    );
    return { session, action: payment.action };
  };
  /** the shopper's browser follows the gateway's 303 back to the backend's return page */
  const comeBack = async (returned: Returned) => {
    await (await fetch(returned.returnUrl, { redirect: 'manual' })).arrayBuffer();
  };
  return {
    gatewayOrigin: () => {
      if (!gateway) throw new Error('the gateway was not seen');
      return gateway;
    },
    async payByCard(): Promise<string> {
      const { session, action } = await startPayment({ amount: '20.00', currency: 'USD' }, 'card');
      const frame = await fetch(action.url);
      if (frame.status !== 200) throw new Error(`the card frame answered ${frame.status}`);
      gateway = action.frame_origin;
      await comeBack(await payByCard(await frame.text(), AUTHORISED_CARD));
      return session.order_no;
    },
    async payByPix(button: 'approve' | 'decline'): Promise<string> {
      const { session, action } = await startPayment({ amount: '10.00', currency: 'BRL', country: 'BR' }, 'pix');
      gateway = new URL(action.url).origin;
      await comeBack(await pressIssuerButton(action.url, button));
      return session.order_no;
    },
  };
}

async function bulk(deps: TriggerDeps, action: 'cancel' | 'refund', order: Record<string, string>): Promise<void> {
  const { results } = await deps.admin<{ results: { ok: boolean; error?: { message: string } }[] }>(
    'POST',
    `/orders/${action}`,
    { orders: [order] },
  );
  if (!results[0]?.ok) throw new ApiError(409, 'conflict', `${action}: ${results[0]?.error?.message ?? 'refused'}`);
}

/** A control route of the sandbox (README "Disputes"; not a real gateway's). */
async function sandbox<T = unknown>(origin: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`the sandbox at ${origin} refused ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** Pulls until the backend lists `type` for the order (after the events that were there before the trigger). */
async function waitForEvent(
  deps: TriggerDeps,
  after: string | undefined,
  type: ShopEventType,
  orderNo: string,
): Promise<ShopEvent> {
  const deadline = Date.now() + (deps.timeoutMs ?? 60_000);
  let cursor = after;
  while (Date.now() < deadline) {
    const page = await deps.puller.page(cursor);
    const found = page.events.find((e) => e.type === type && 'order' in e && e.order.order_no === orderNo);
    if (found) return found;
    cursor = page.events.at(-1)?.id ?? cursor;
    if (!page.has_more) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no ${type} event for order ${orderNo} within ${(deps.timeoutMs ?? 60_000) / 1000} s`);
}
