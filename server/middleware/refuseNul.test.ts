import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, createSession } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';

describe('the NUL character (U+0000)', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.close());

  it('in a path or a query value is a 400 naming where it was', async () => {
    const inPath = await callJson(`${backend.url}/api/sessions/%00`);
    expect(inPath.status).toBe(400);
    expect(inPath.body.error.fields).toEqual([{ path: 'path', message: expect.stringContaining('U+0000') }]);
    const inQuery = await callJson(`${backend.url}/admin/api/orders?q=a%00b`, {
      headers: { Authorization: 'Bearer demo-admin-token' },
    });
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error.fields).toEqual([{ path: 'q', message: expect.stringContaining('U+0000') }]);
  });

  it('in a JSON body field is a 400 naming the field, however deep', async () => {
    const s = await createSession(backend);
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: { client_secret: s.client_secret, method: 'card', shopper: { billing: { city: 'Rio\u0000' } } },
      headers: { 'Idempotency-Key': 'nul-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      { path: 'shopper.billing.city', message: expect.stringContaining('U+0000') },
    ]);
  });
});
