import { afterEach, expect, test, vi } from 'vitest';
import { stubFetch } from '../testing/stubFetch';
import { ApiError, createAdminApi } from './client';

afterEach(() => vi.unstubAllGlobals());

test('queries leave out empty filters and escape path parts; calls go with the cookie, no secret of the page', async () => {
  const { seen } = stubFetch(() => ({ body: { orders: [], next_cursor: null } }));
  const api = createAdminApi();
  await api.listOrders({ status: 'paid', q: '', from: '2024-05-01', limit: 50 });
  await api.getOrder('A/B 1').catch(() => {});
  expect(seen[0]!.path).toBe('/admin/api/orders');
  expect([...seen[0]!.query]).toEqual([
    ['status', 'paid'],
    ['from', '2024-05-01'],
    ['limit', '50'],
  ]);
  expect(seen[1]!.path).toBe('/admin/api/orders/A%2FB%201');
  expect(seen.every((r) => r.headers.get('authorization') === null)).toBe(true);
});

test('an error envelope becomes an ApiError with its code and field errors; 401 also calls onUnauthorized', async () => {
  stubFetch((req) =>
    req.path.endsWith('/payouts')
      ? {
          status: 400,
          body: {
            error: {
              code: 'invalid_request',
              message: 'bad',
              fields: [{ path: 'payment_amount', message: 'is required' }],
            },
          },
        }
      : { status: 401, body: {} },
  );
  const lost = vi.fn();
  const api = createAdminApi(lost);
  const err = await api.createPayout({}, 'k').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({
    status: 400,
    code: 'invalid_request',
    fields: [{ path: 'payment_amount', message: 'is required' }],
  });
  expect(lost).not.toHaveBeenCalled();
  await expect(api.getMethods()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  expect(lost).toHaveBeenCalledOnce();
});

test('a network failure is an ApiError the page can show', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  await expect(createAdminApi().getStats('2024-05-01', '2024-05-02')).rejects.toMatchObject({
    status: 0,
    code: 'network',
  });
});
