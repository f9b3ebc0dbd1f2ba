import { apiErrorOf } from '../../../shared/contract/ApiError';
import type { CreateSessionInput, CreateSessionResponse } from '../../../shared/contract/session';
import type { ShopEventPage } from '../../../shared/contract/shopEvents';
import type { ShopOrder, ShopSessionView } from '../../../shared/contract/shopApi';
import { CheckoutApiError } from './CheckoutApiError';

export interface CheckoutClientOptions {
  /** the backend, e.g. `https://pay.shop.example` (no `/api`) */
  baseUrl: string;
  /** a shop-server API key, or `SHOP_SECRET` */
  apiKey: string;
  /** the fetch to use (default: the global one); a seam for proxies, tests and in-process calls */
  fetch?: typeof fetch;
  /** give up on a call after this long (default 30 s); it then fails with code `network` */
  timeoutMs?: number;
  /**
   * how often `createSession` sends its call again, with the same Idempotency-Key, when no definite answer came
   * (no answer, 502, 503, 504; default 2); the backend answers a repeat with the session the first created
   */
  retries?: number;
  /** the wait before the first such retry, doubled for each further one (default 500 ms) */
  retryDelayMs?: number;
}

export interface CheckoutClient {
  /**
   * `POST /api/sessions`: the amount is fixed here. Sent with an `Idempotency-Key` (`idempotencyKey`, else a new
   * random one per call) and sent again with it when no definite answer came (`retries`): the backend answers a
   * repeat with the session the first request created, so a lost answer never makes a second session. Give your
   * own key (e.g. your cart's id) to be safe across your process restarting too; the same key with another body
   * is refused (422 `idempotency_key_reused`).
   */
  createSession(body: CreateSessionInput, options?: { idempotencyKey?: string }): Promise<CreateSessionResponse>;
  /** `GET /api/sessions/:id`: where the session stands and its order's payment state */
  getSession(id: string): Promise<ShopSessionView>;
  /** `GET /api/orders/:order_no`: the order as the owner's admin API shows it */
  getOrder(orderNo: string): Promise<ShopOrder>;
  /** `GET /api/events?after=&limit=`: the events after `after` (an event id), oldest first */
  listEvents(query?: { after?: string; limit?: number }): Promise<ShopEventPage>;
  /** every page of events after `after`, until the last one (`has_more: false`); empty pages are skipped */
  events(query?: { after?: string; limit?: number }): AsyncIterableIterator<ShopEventPage>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 500;

/**
 * The shop's server's client of the merchant backend: typed by shared/contract/, so a field the server renames is a
 * type error here. Creating it sends nothing; each call is one request, refused with a `CheckoutApiError`.
 *
 * @example
 * const checkout = createCheckoutClient({ baseUrl: 'https://pay.shop.example', apiKey: process.env.SHOP_KEY! });
 * const session = await checkout.createSession({ amount: '25.00', currency: 'USD', order_no: 'A-1001' });
 */
export function createCheckoutClient(options: CheckoutClientOptions): CheckoutClient {
  if (!URL.canParse(options.baseUrl)) throw new TypeError('createCheckoutClient: baseUrl must be an absolute URL');
  if (!options.apiKey) throw new TypeError('createCheckoutClient: apiKey is required');
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const doFetch = options.fetch ?? globalThis.fetch;
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${options.apiKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      const why = e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(e);
      throw new CheckoutApiError(0, 'network', `${method} ${path}: ${why}`);
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!res.ok) throw errorOf(res.status, parsed, `${method} ${path}`);
    if (parsed === undefined) {
      throw new CheckoutApiError(res.status, 'invalid_response', `${method} ${path}: the answer is not JSON`);
    }
    return parsed as T;
  }

  async function listEvents(query: { after?: string; limit?: number } = {}): Promise<ShopEventPage> {
    const params = new URLSearchParams();
    if (query.after !== undefined) params.set('after', query.after);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const qs = params.size ? `?${params}` : '';
    return call<ShopEventPage>('GET', `/api/events${qs}`);
  }

  async function createSession(
    body: CreateSessionInput,
    { idempotencyKey = crypto.randomUUID() }: { idempotencyKey?: string } = {},
  ): Promise<CreateSessionResponse> {
    const retries = options.retries ?? DEFAULT_RETRIES;
    for (let attempt = 0; ; attempt++) {
      try {
        return await call<CreateSessionResponse>('POST', '/api/sessions', body, { 'Idempotency-Key': idempotencyKey });
      } catch (e) {
        const definite =
          !(e instanceof CheckoutApiError) || (e.code !== 'network' && ![502, 503, 504].includes(e.status));
        if (definite || attempt >= retries) throw e;
        const wait = (options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS) * 2 ** attempt;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  return {
    createSession,
    getSession: (id) => call('GET', `/api/sessions/${encodeURIComponent(id)}`),
    getOrder: (orderNo) => call('GET', `/api/orders/${encodeURIComponent(orderNo)}`),
    listEvents,
    async *events(query = {}) {
      let after = query.after;
      for (;;) {
        const page = await listEvents({ ...query, ...(after === undefined ? {} : { after }) });
        if (page.events.length > 0) yield page;
        const last = page.events.at(-1);
        // a page that says "more" but brings nothing would loop forever on the same cursor
        if (!page.has_more || !last) return;
        after = last.id;
      }
    },
  };
}

/** The envelope's code, message and fields, or the bare status when a proxy answered with something else. */
function errorOf(status: number, body: unknown, what: string): CheckoutApiError {
  const e = apiErrorOf(status, body, { code: `http_${status}`, message: `${what}: HTTP ${status}` });
  return new CheckoutApiError(e.status, e.code, e.message, e.fields);
}
