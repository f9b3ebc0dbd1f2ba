import type { CreateSessionResponse } from '../../shared/contract/session';
import type { Backend } from './startBackend';

/** A JSON call to the backend; answers status, headers and the parsed body. */
export async function callJson(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

export const DEMO_CART = {
  amount: '33.00',
  currency: 'USD',
  items: [
    { name: 'T-shirt', sku: 'TS-1', unit_price: '12.50', quantity: 2 },
    { name: 'Mug', sku: 'MG-1', unit_price: '8.00', quantity: 1 },
  ],
};

/** `POST /api/sessions` as the shop's server does it, with the shop secret. */
export function postSession(backend: Backend, body: unknown, secret = backend.config.shopSecret) {
  return callJson(`${backend.url}/api/sessions`, { body, headers: { Authorization: `Bearer ${secret}` } });
}

/** Creates a session or fails the test. */
export async function createSession(
  backend: Backend,
  overrides: Record<string, unknown> = {},
): Promise<CreateSessionResponse> {
  const res = await postSession(backend, { ...DEMO_CART, ...overrides });
  if (res.status !== 201) throw new Error(`session not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreateSessionResponse;
}

/** A complete, valid payment body for `method`; `shopper` and `device` fields can be overridden. */
export function paymentBody(clientSecret: string, method: string, extra: Record<string, unknown> = {}) {
  return {
    client_secret: clientSecret,
    method,
    shopper: {
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      phone: '+55 11 91234 5678',
      billing: { country: 'BR', state: 'SP', city: 'São Paulo', address: 'Rua A 1', postal_code: '01000-000' },
    },
    device: {
      os: 'Linux',
      browser: 'Chromium',
      browser_lang: 'pt-BR',
      time_zone: '-3',
      resolution: '1920x1080',
      color_depth: '24',
      cookie_new: 'a=1',
      cookie_old: '',
      device_fingerprint: 'fp-123',
      device_type: 'desktop',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
    },
    ...extra,
  };
}
