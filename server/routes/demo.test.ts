import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';

// #18: POST /demo/sessions is open to any visitor and took any return_url, so anyone could make a link that
// ends on this backend's return page and then forwards to a page of their choosing (an open redirect).
describe('POST /demo/sessions', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.close());

  const demoSession = (body: Record<string, unknown>) =>
    callJson(`${backend.url}/demo/sessions`, { body: { amount: '10.00', currency: 'USD', ...body } });
  const returnUrlOf = async (id: string) =>
    (await backend.store.db.selectFrom('sessions').select('return_url').where('id', '=', id).executeTakeFirstOrThrow())
      .return_url;

  it.each(['https://evil.example/', 'https://evil.example/?next=/', '//evil.example/'])(
    'refuses return_url %s, naming the field',
    async (returnUrl) => {
      const res = await demoSession({ return_url: returnUrl });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['return_url']);
    },
  );

  it('refuses another page of this backend too: only the demo page is a demo return', async () => {
    const res = await demoSession({ return_url: `${backend.url}/admin` });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      { path: 'return_url', message: `must be the demo page (${backend.url}/) or left out` },
    ]);
  });

  it('returns to the demo page when none is given, and accepts the demo page itself', async () => {
    const plain = await demoSession({});
    expect(plain.status).toBe(201);
    expect(await returnUrlOf(plain.body.id)).toBe(`${backend.url}/`);
    const own = await demoSession({ return_url: `${backend.url}/?paid=1` });
    expect(own.status).toBe(201);
    expect(await returnUrlOf(own.body.id)).toBe(`${backend.url}/?paid=1`);
  });
});
