// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { App } from '../App';
import { order, pageOf, stubFetch, type SeenRequest } from '../testing/stubFetch';

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('admin_token', 'tok');
  location.hash = '#/orders';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** 120 paid USD orders of 10.00; ORD-0007 is refused by the "gateway" with B0002. */
function shop(rows = Array.from({ length: 120 }, (_, i) => order(i + 1))) {
  return stubFetch((req: SeenRequest) => {
    if (req.method === 'GET' && req.path === '/admin/api/orders') return { body: pageOf(rows, req.query) };
    if (req.method === 'POST' && req.path === '/admin/api/orders/refund') {
      return {
        body: {
          results: req.body.orders.map((o: { order_no: string }) =>
            o.order_no === 'ORD-0007'
              ? {
                  order_no: o.order_no,
                  ok: false,
                  error: { code: 'gateway_B0002', message: 'Refund amount over the refundable amount' },
                }
              : { order_no: o.order_no, ok: true },
          ),
        },
      };
    }
    return undefined;
  });
}

async function selectAll(expected: number) {
  fireEvent.click(await screen.findByRole('button', { name: 'Select every order matching the filters' }));
  await screen.findByText(`${expected} orders selected`);
}

test('a bulk refund of 120 orders goes out in chunks of 100 and lists 120 results', async () => {
  const { seen } = shop();
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });
  await selectAll(120);

  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Refund 120 orders, total USD 1,200.00.');
  fireEvent.input(within(dialog).getByLabelText(/Reason/), { target: { value: 'Damaged in transit' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund 120 orders' }));

  expect(await screen.findByText('119 succeeded, 1 failed, of 120.')).toBeTruthy();
  const posts = seen.filter((r) => r.method === 'POST');
  expect(posts.map((p) => p.body.orders.length)).toEqual([100, 20]);
  expect(posts.every((p) => p.path === '/admin/api/orders/refund')).toBe(true);
  // A full refund sends no amount (the backend refunds what is left) but does send the reason.
  expect(posts[0]!.body.orders[0]).toEqual({ order_no: 'ORD-0001', reason: 'Damaged in transit' });
  expect(new Set(posts.flatMap((p) => p.body.orders.map((o: { order_no: string }) => o.order_no))).size).toBe(120);

  const results = screen.getByRole('region', { name: 'Refund result per order' });
  const rows = within(results).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(120);
  // Failures come first, with the gateway's reason.
  expect(rows[0]!.textContent).toContain('ORD-0007');
  expect(rows[0]!.textContent).toContain('Refund amount over the refundable amount');
  // the code on hover, for support
  expect(within(rows[0]!).getByTitle('gateway_B0002').textContent).toBe('Refund amount over the refundable amount');
});

test('the per-order results download as CSV', async () => {
  shop();
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:results';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });
  await selectAll(120);
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund 120 orders' }));
  await screen.findByText('119 succeeded, 1 failed, of 120.');

  fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  expect(blob).toBeDefined();
  const lines = (await blob!.text()).trimEnd().split('\r\n');
  expect(lines[0]).toBe('order_no,action,result,error_code,error_message');
  expect(lines).toHaveLength(121);
  expect(lines).toContain('ORD-0007,refund,failed,gateway_B0002,Refund amount over the refundable amount');
  expect(lines).toContain('ORD-0120,refund,ok,,');
});

test('the confirmation states count and total, and refuses a partial amount above what is refundable', async () => {
  const { seen } = shop([
    order(1, { amount: '25.00', captured: '25.00', refunded: '5.00', status: 'partially_refunded' }),
    order(2, { amount: '12.50', captured: '12.50' }),
    order(3, { status: 'declined' }),
  ]);
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });
  await selectAll(3);
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog');

  // Full refund: what is left on each order; the declined one is not sent.
  expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Refund 2 orders, total USD 32.50.');
  expect(within(dialog).getByText(/1 selected order is in a status that does not allow this/)).toBeTruthy();

  fireEvent.click(within(dialog).getByLabelText('A partial amount for each order'));
  const amount = within(dialog).getByLabelText(/Amount per order/);
  fireEvent.input(amount, { target: { value: '15.00' } });
  expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Refund 2 orders, total USD 30.00.');
  expect(within(dialog).getByRole('alert').textContent).toBe('The amount is more than order ORD-0002 allows.');
  const confirm = within(dialog).getByRole('button', { name: 'Refund 2 orders' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);

  fireEvent.input(amount, { target: { value: '2.5' } });
  expect(within(dialog).getByRole('alert').textContent).toContain('written like "5.00" for USD');

  fireEvent.input(amount, { target: { value: '2.50' } });
  expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Refund 2 orders, total USD 5.00.');
  expect(confirm.disabled).toBe(false);
  fireEvent.click(confirm);

  await screen.findByText('2 succeeded, 0 failed, 1 not sent, of 3.');
  const post = seen.find((r) => r.method === 'POST')!;
  expect(post.body.orders).toEqual([
    { order_no: 'ORD-0001', amount: '2.50' },
    { order_no: 'ORD-0002', amount: '2.50' },
  ]);
  expect(screen.getByTitle('skipped').textContent).toBe('Not sent: an order in status declined cannot be refunded.');
});

test('a chunk the backend rejects marks only its own orders failed, and the run goes on', async () => {
  const rows = Array.from({ length: 150 }, (_, i) => order(i + 1));
  let call = 0;
  const { seen } = stubFetch((req) => {
    if (req.method === 'GET') return { body: pageOf(rows, req.query) };
    call += 1;
    if (call === 1)
      return { status: 503, body: { error: { code: 'gateway_unavailable', message: 'The gateway did not answer' } } };
    return {
      body: { results: req.body.orders.map((o: { order_no: string }) => ({ order_no: o.order_no, ok: true })) },
    };
  });
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });
  await selectAll(150);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  // paid orders cannot be cancelled: every one is listed as not sent, and nothing goes out
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Nothing will be sent.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep orders' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund 150 orders' }));
  expect(await screen.findByText('50 succeeded, 100 failed, of 150.')).toBeTruthy();
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2);
  expect(screen.getAllByTitle('gateway_unavailable').map((e) => e.textContent)).toEqual(
    Array(100).fill('The gateway did not answer'),
  );
});

test('filters go to the API and into the address bar; paging follows the cursor', async () => {
  const rows = Array.from({ length: 60 }, (_, i) => order(i + 1));
  const { seen } = stubFetch((req) => (req.method === 'GET' ? { body: pageOf(rows, req.query) } : undefined));
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });

  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await screen.findByRole('link', { name: 'ORD-0051' });
  expect(seen.at(-1)!.query.get('cursor')).toBe('50');
  fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  await screen.findByRole('link', { name: 'ORD-0001' });

  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
  fireEvent.input(screen.getByLabelText('Search'), { target: { value: 'buyer7' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(seen.at(-1)!.query.get('status')).toBe('refunded'));
  expect(seen.at(-1)!.query.get('q')).toBe('buyer7');
  expect(seen.at(-1)!.query.get('cursor')).toBeNull();
  expect(location.hash).toBe('#/orders?status=refunded&q=buyer7');
});

test('a large run shows its progress chunk by chunk', async () => {
  const rows = Array.from({ length: 120 }, (_, i) => order(i + 1));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let posts = 0;
  stubFetch(async (req) => {
    if (req.method === 'GET') return { body: pageOf(rows, req.query) };
    if (++posts === 2) await held;
    return {
      body: { results: req.body.orders.map((o: { order_no: string }) => ({ order_no: o.order_no, ok: true })) },
    };
  });
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });
  await selectAll(120);
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund 120 orders' }));

  expect(await screen.findByText('Refunding: 100 of 120')).toBeTruthy();
  const bar = screen.getByRole('progressbar', { name: 'Refunding' }) as HTMLProgressElement;
  expect([bar.value, bar.max]).toEqual([100, 120]);
  // No second run can start while one is going.
  expect((screen.getByRole('button', { name: 'Capture' }) as HTMLButtonElement).disabled).toBe(true);
  release();
  expect(await screen.findByText('120 succeeded, 0 failed, of 120.')).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();
});

test('exports every order of the current filter as the backend writes it, plain or for the spreadsheet (issue #32)', async () => {
  const CSV = '\ufefforder_no;amount\r\nORD-0001;10,00\r\n';
  const { seen } = stubFetch((req) => {
    if (req.path === '/admin/api/orders') return { body: pageOf([order(1)], req.query) };
    if (req.path === '/admin/api/orders/export')
      return { text: CSV, headers: { 'content-type': 'text/csv; charset=utf-8', 'x-row-count': '230' } };
    return undefined;
  });
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
  location.hash = '#/orders?status=paid&q=buyer';
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blobs.push(b as Blob);
    return 'blob:orders';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });
  fireEvent.click(screen.getByRole('button', { name: 'Export for a spreadsheet in de-DE' }));
  expect(await screen.findByText('Exported 230 orders.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Export these orders as CSV' }));
  await waitFor(() => expect(names).toHaveLength(2));
  // the file's bytes as the backend wrote them, byte-order mark included
  expect(new Uint8Array(await blobs[0]!.arrayBuffer())).toEqual(new TextEncoder().encode(CSV));
  expect(names[0]).toMatch(/^orders-status-paid-q-buyer-de-DE-\d{8}T\d{6}\.csv$/);
  expect(names[1]).toMatch(/^orders-status-paid-q-buyer-\d{8}T\d{6}\.csv$/);
  // the view's filter, and the locale only for the spreadsheet's file
  const asked = seen.filter((r) => r.path === '/admin/api/orders/export').map((r) => r.query.toString());
  expect(asked).toEqual(['status=paid&q=buyer&locale=de-DE', 'status=paid&q=buyer']);
});

test('an export the backend refuses says why and downloads nothing', async () => {
  stubFetch((req) => {
    if (req.path === '/admin/api/orders') return { body: pageOf([order(1)], req.query) };
    if (req.path === '/admin/api/orders/export')
      return { status: 503, body: { error: { code: 'unavailable', message: 'the database is busy' } } };
    return undefined;
  });
  const create = vi.spyOn(URL, 'createObjectURL');
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0001' });
  fireEvent.click(screen.getByRole('button', { name: 'Export these orders as CSV' }));
  expect((await screen.findByText(/^The export downloaded nothing/)).textContent).toContain('the database is busy');
  expect(create).not.toHaveBeenCalled();
});

test('the list says how many orders the filter matches in all, and each row its payment method', async () => {
  shop([order(1), order(2, { method: 'pix' }), order(3, { method: null, status: 'created' })]);
  render(<App />);
  expect(await screen.findByText('3 orders')).toBeTruthy();
  const row = (no: string) => screen.getByRole('link', { name: no }).closest('tr') as HTMLElement;
  expect(within(row('ORD-0001')).getByText('Card')).toBeTruthy();
  expect(within(row('ORD-0002')).getByText('pix')).toBeTruthy();
});

test('a new filter starts with no selection: no action runs on orders the list no longer shows (issue #32)', async () => {
  const rows = Array.from({ length: 6 }, (_, i) => order(i + 1, { status: i < 3 ? 'review' : 'paid' }));
  stubFetch((req) => {
    if (req.method !== 'GET' || req.path !== '/admin/api/orders') return undefined;
    const status = req.query.get('status');
    return { body: pageOf(status ? rows.filter((r) => r.status === status) : rows, req.query) };
  });
  render(<App />);
  await screen.findByRole('link', { name: 'ORD-0006' });
  await selectAll(6);
  location.hash = '#/orders?status=review';
  await waitFor(() => expect(screen.queryByRole('link', { name: 'ORD-0004' })).toBeNull());
  await screen.findByRole('link', { name: 'ORD-0001' });
  expect(screen.queryByText('6 orders selected')).toBeNull();
  await selectAll(3);
});
