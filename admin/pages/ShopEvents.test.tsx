// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SHOP_EVENT_TYPES } from '../../shared/contract/shopEvents';
import { createAdminApi, type ShopDeliveryView, type ShopEndpointView } from '../api/client';
import { type Handler, stubFetch } from '../testing/stubFetch';
import { ShopEvents } from './ShopEvents';

beforeEach(() => {
  location.hash = '#/shop-events';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuv';

function endpoint(over: Partial<ShopEndpointView> = {}): ShopEndpointView {
  return {
    id: 'we_1',
    url: 'https://shop.example/hooks',
    types: [...SHOP_EVENT_TYPES],
    enabled: true,
    description: null,
    secrets: [{ created_at: '2025-01-01T00:00:00Z', expires_at: null }],
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...over,
  };
}

function delivery(over: Partial<ShopDeliveryView> = {}): ShopDeliveryView {
  return {
    id: 'dlv_1',
    endpoint_id: 'we_1',
    event_id: 'evt_1',
    event_type: 'order.paid',
    order_no: 'ORD-1',
    payout_request_id: null,
    event_created_at: '2025-01-01T00:00:00Z',
    status: 'failed',
    attempts: 9,
    next_attempt_at: null,
    last_attempt_at: '2025-01-02T00:00:00Z',
    last_status_code: 500,
    last_error: null,
    last_answer: 'database down',
    delivered_at: null,
    ...over,
  };
}

/** A backend with one list of endpoints and deliveries; `extra` answers anything else first. */
function backend(state: { endpoints: ShopEndpointView[]; deliveries: ShopDeliveryView[] }, extra?: Handler) {
  return stubFetch(async (req) => {
    const answer = await extra?.(req);
    if (answer) return answer;
    if (req.method === 'GET' && req.path === '/admin/api/shop-endpoints')
      return { body: { endpoints: state.endpoints } };
    if (req.method === 'GET' && req.path === '/admin/api/shop-endpoints/deliveries') {
      const status = req.query.get('status');
      return { body: { deliveries: state.deliveries.filter((d) => !status || d.status === status) } };
    }
    return undefined;
  });
}

test('a new endpoint shows its secret once, with a warning and a copy button, and the list then holds it', async () => {
  const state = { endpoints: [] as ShopEndpointView[], deliveries: [] };
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const { seen } = backend(state, (req) => {
    if (req.method !== 'POST' || req.path !== '/admin/api/shop-endpoints') return undefined;
    const created = endpoint({ url: req.body.url, types: req.body.types ?? [...SHOP_EVENT_TYPES] });
    state.endpoints = [created];
    return { status: 201, body: { endpoint: created, secret: SECRET } };
  });
  render(<ShopEvents api={createAdminApi()} />);
  await screen.findByText(/No endpoints yet/);

  fireEvent.input(screen.getByLabelText(/^URL/), { target: { value: 'https://shop.example/hooks' } });
  // only two types: the others unticked
  for (const t of SHOP_EVENT_TYPES)
    if (t !== 'order.paid' && t !== 'order.refunded') fireEvent.click(screen.getByRole('checkbox', { name: t }));
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));

  expect((await screen.findByTestId('signing-secret')).textContent).toBe(SECRET);
  expect(screen.getByText(/shown only this once/)).toBeTruthy();
  const post = seen.find((r) => r.method === 'POST')!;
  expect(post.body).toEqual({ url: 'https://shop.example/hooks', types: ['order.paid', 'order.refunded'] });

  fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
  await screen.findByText('Copied.');
  expect(writeText).toHaveBeenCalledWith(SECRET);

  const table = within(screen.getByRole('region', { name: 'Event endpoints' }));
  await table.findByText('https://shop.example/hooks');
  expect(table.getByText('order.paid, order.refunded')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: /I have stored it/ }));
  expect(screen.queryByTestId('signing-secret')).toBeNull();
  expect(document.body.textContent).not.toContain(SECRET);
});

test('a URL the server refuses is named in words next to the field and in the summary, and nothing is added', async () => {
  const problem = 'must start with https:// (the backend runs in production)';
  backend({ endpoints: [], deliveries: [] }, (req) =>
    req.method === 'POST'
      ? {
          status: 400,
          body: {
            error: { code: 'invalid_request', message: `url: ${problem}`, fields: [{ path: 'url', message: problem }] },
          },
        }
      : undefined,
  );
  render(<ShopEvents api={createAdminApi()} />);
  await screen.findByText(/No endpoints yet/);
  fireEvent.input(screen.getByLabelText(/^URL/), { target: { value: 'http://shop.example/hooks' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));

  const summary = await screen.findByText(/The endpoint was not added/);
  expect(summary.closest('.error-summary')!.textContent).toContain(`URL: ${problem}`);
  expect(screen.getByLabelText(/^URL/).getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByTestId('signing-secret')).toBeNull();
});

test('an empty form is refused on the page, naming the URL and the event types', async () => {
  const { seen } = backend({ endpoints: [], deliveries: [] });
  render(<ShopEvents api={createAdminApi()} />);
  await screen.findByText(/No endpoints yet/);
  for (const t of SHOP_EVENT_TYPES) fireEvent.click(screen.getByRole('checkbox', { name: t }));
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  const summary = (await screen.findByText(/The endpoint was not added/)).closest('.error-summary')!;
  expect(summary.textContent).toContain('URL: is required');
  expect(summary.textContent).toContain('Event types: must name at least one event type');
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('"Send test event" calls the test route and the new delivery shows in the table', async () => {
  const state = { endpoints: [endpoint()], deliveries: [] as ShopDeliveryView[] };
  const { seen } = backend(state, (req) => {
    if (req.method !== 'POST' || req.path !== '/admin/api/shop-endpoints/we_1/test') return undefined;
    state.deliveries = [
      delivery({ id: 'dlv_t', event_type: 'endpoint.test', order_no: null, status: 'pending', attempts: 0 }),
    ];
    return { status: 202, body: { event_id: 'evt_t', delivery_id: 'dlv_t' } };
  });
  render(<ShopEvents api={createAdminApi()} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Send test event to https://shop.example/hooks' }));
  await screen.findByText(/A test event is on its way/);
  expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/admin/api/shop-endpoints/we_1/test']);
  const deliveries = within(screen.getByRole('region', { name: 'Event deliveries, newest first' }));
  await deliveries.findByText('endpoint.test');
  expect(deliveries.getByText('not sent yet')).toBeTruthy();
});

test('deliveries filter by status, show the last answer, and "Resend" queues one again', async () => {
  const state = {
    endpoints: [endpoint()],
    deliveries: [
      delivery(),
      delivery({
        id: 'dlv_2',
        order_no: 'ORD-2',
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        last_answer: 'ok',
      }),
    ],
  };
  const { seen } = backend(state, (req) =>
    req.method === 'POST' && req.path === '/admin/api/shop-endpoints/deliveries/dlv_1/resend'
      ? { status: 202, body: { id: 'dlv_1', status: 'pending' } }
      : undefined,
  );
  render(<ShopEvents api={createAdminApi()} />);
  const table = within(screen.getByRole('region', { name: 'Event deliveries, newest first' }));
  await table.findByText('ORD-2');
  expect(table.getByText('500 database down')).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
  await waitFor(() => expect(table.queryByText('ORD-2')).toBeNull());
  expect(seen.at(-1)!.query.get('status')).toBe('failed');

  fireEvent.click(table.getByRole('button', { name: 'Resend order.paid of ORD-1' }));
  await screen.findByText(/queued to be sent again/);
  expect(seen.some((r) => r.method === 'POST' && r.path === '/admin/api/shop-endpoints/deliveries/dlv_1/resend')).toBe(
    true,
  );
});

test('rolling a secret asks for the overlap, shows the new secret once and the old one "still signing until"', async () => {
  const state = { endpoints: [endpoint()], deliveries: [] };
  const { seen } = backend(state, (req) => {
    if (req.method !== 'POST' || !req.path.endsWith('/roll-secret')) return undefined;
    if (req.body.overlap_hours > 336)
      return {
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'overlap_hours: must be at most 336 (two weeks)',
            fields: [{ path: 'overlap_hours', message: 'must be at most 336 (two weeks)' }],
          },
        },
      };
    state.endpoints = [
      endpoint({
        secrets: [
          { created_at: '2025-02-01T00:00:00Z', expires_at: null },
          { created_at: '2025-01-01T00:00:00Z', expires_at: '2025-02-02T00:00:00Z' },
        ],
      }),
    ];
    return { body: { endpoint: state.endpoints[0], secret: SECRET } };
  });
  render(<ShopEvents api={createAdminApi()} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Roll secret of https://shop.example/hooks' }));
  const dialog = within(await screen.findByRole('dialog'));
  fireEvent.input(dialog.getByLabelText(/^Overlap \(hours\)/), { target: { value: '400' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Roll secret' }));
  await dialog.findByText('must be at most 336 (two weeks)');

  fireEvent.input(dialog.getByLabelText(/^Overlap \(hours\)/), { target: { value: '24' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Roll secret' }));
  expect((await screen.findByTestId('signing-secret')).textContent).toBe(SECRET);
  expect(seen.filter((r) => r.path.endsWith('/roll-secret')).map((r) => r.body)).toEqual([
    { overlap_hours: 400 },
    { overlap_hours: 24 },
  ]);
  await screen.findByText(/rolled, still signing until/);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('disable and remove: remove asks first with explicit buttons, and Cancel sends nothing', async () => {
  const state = { endpoints: [endpoint()], deliveries: [] };
  const { seen } = backend(state, (req) => {
    if (req.method === 'PATCH') {
      state.endpoints = [endpoint({ enabled: req.body.enabled })];
      return { body: state.endpoints[0] };
    }
    if (req.method === 'DELETE') {
      state.endpoints = [];
      return { status: 204 };
    }
    return undefined;
  });
  render(<ShopEvents api={createAdminApi()} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Disable https://shop.example/hooks' }));
  await screen.findByRole('button', { name: 'Enable https://shop.example/hooks' });
  expect(seen.find((r) => r.method === 'PATCH')!.body).toEqual({ enabled: false });

  fireEvent.click(screen.getByRole('button', { name: 'Remove https://shop.example/hooks' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(seen.some((r) => r.method === 'DELETE')).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Remove https://shop.example/hooks' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove endpoint' }));
  await screen.findByText(/No endpoints yet/);
  expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/admin/api/shop-endpoints/we_1']);
});

test('"Change" edits the URL and event types of an endpoint in place; a refused URL is named and nothing changes', async () => {
  const state = { endpoints: [endpoint({ types: ['order.paid'] })], deliveries: [] };
  const { seen } = backend(state, (req) => {
    if (req.method !== 'PATCH') return undefined;
    if (!req.body.url.startsWith('https://'))
      return {
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'url: must be a URL',
            fields: [{ path: 'url', message: 'must be a URL' }],
          },
        },
      };
    state.endpoints = [endpoint({ ...req.body })];
    return { body: state.endpoints[0] };
  });
  render(<ShopEvents api={createAdminApi()} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Change https://shop.example/hooks' }));
  const form = within(screen.getByRole('form', { name: 'Change https://shop.example/hooks' }));
  expect((form.getByRole('checkbox', { name: 'order.paid' }) as HTMLInputElement).checked).toBe(true);
  expect((form.getByRole('checkbox', { name: 'order.refunded' }) as HTMLInputElement).checked).toBe(false);
  fireEvent.input(form.getByLabelText(/^URL/), { target: { value: 'nonsense' } });
  fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
  expect((await form.findByText(/The endpoint was not changed/)).closest('.error-summary')!.textContent).toContain(
    'URL: must be a URL',
  );

  fireEvent.input(form.getByLabelText(/^URL/), { target: { value: 'https://shop.example/v2' } });
  fireEvent.click(form.getByRole('checkbox', { name: 'order.refunded' }));
  fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
  await screen.findByText('https://shop.example/v2 was changed.');
  expect(seen.filter((r) => r.method === 'PATCH').at(-1)!.body).toEqual({
    url: 'https://shop.example/v2',
    types: ['order.paid', 'order.refunded'],
    description: null,
  });
  // back to the add form, no secret shown: a change keeps the secret
  screen.getByRole('button', { name: 'Add endpoint' });
  expect(screen.queryByTestId('signing-secret')).toBeNull();
});
