import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFault, clearFaults, listFaults } from '../testing/faults';
import { postJson } from '../testing/gatewayCalls';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess();
});
afterAll(() => sb?.close());

const refused = async (rule: unknown) => {
  const res = await postJson(`${sb.url}/sandbox/faults`, rule);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { code: string; message: string; fields: { path: string }[] } };
  expect(body.error.code).toBe('invalid_request');
  return body.error.fields.map((f) => f.path);
};

describe('/sandbox/faults', () => {
  it('adds, lists with defaults, deletes one and all', async () => {
    const a = await addFault(sb.url, {
      endpoint: '/v1/refund',
      order_no: 'ORD-1',
      fault: { kind: 'status', status: 503 },
    });
    const b = await addFault(sb.url, {
      endpoint: 'notify',
      account_id: '701001010',
      times: 3,
      fault: { kind: 'delay', ms: 50 },
    });
    expect(a).toEqual({
      id: a.id,
      endpoint: '/v1/refund',
      account_id: null,
      order_no: 'ORD-1',
      times: null,
      fired: 0,
      fault: { kind: 'status', status: 503 },
      apply: 'before',
    });
    expect(b).toMatchObject({ endpoint: 'notify', account_id: '701001010', times: 3, apply: null });
    expect((await listFaults(sb.url)).rules.map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await listFaults(sb.url)).held).toBe(0);

    expect((await fetch(`${sb.url}/sandbox/faults/${a.id}`, { method: 'DELETE' })).status).toBe(204);
    const again = await fetch(`${sb.url}/sandbox/faults/${a.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await listFaults(sb.url)).rules.map((r) => r.id)).toEqual([b.id]);
    await clearFaults(sb.url);
    expect((await listFaults(sb.url)).rules).toEqual([]);
  });

  it('refuses a bad rule with a 400 naming the field', async () => {
    const status = { kind: 'status', status: 503 };
    expect(await refused({ endpoint: '/v1/nothing', fault: status })).toEqual(['endpoint']);
    expect(await refused({ endpoint: '/v1/refund', fault: { kind: 'status', status: 404 } })).toEqual(['fault.status']);
    expect(await refused({ endpoint: '/v1/refund', fault: { kind: 'latency' } })).toEqual(['fault.ms']);
    expect(await refused({ endpoint: '/v1/refund', fault: { kind: 'latency', ms: 1.5 } })).toEqual(['fault.ms']);
    expect(await refused({ endpoint: '/v1/refund', fault: { kind: 'explode' } })).toEqual(['fault.kind']);
    expect(await refused({ endpoint: '/v1/refund', fault: status, times: 0 })).toEqual(['times']);
    expect(await refused({ endpoint: '/v1/refund', fault: status, apply: 'during' })).toEqual(['apply']);
    expect(await refused({ endpoint: '/v1/refund', fault: status, order_no: 'x'.repeat(51) })).toEqual(['order_no']);
    expect(await refused({ endpoint: '/v1/refund', fault: status, colour: 'red' })).toEqual(['colour']);
    expect(await refused({ endpoint: '/v1/refund' })).toEqual(['fault']);
    // a notification fault on a /v1 endpoint, an HTTP fault on notify, apply on a notification fault
    expect(await refused({ endpoint: '/v1/refund', fault: { kind: 'drop' } })).toEqual(['fault.kind']);
    expect(await refused({ endpoint: '*', fault: { kind: 'reorder' } })).toEqual(['fault.kind']);
    expect(await refused({ endpoint: 'notify', fault: status })).toEqual(['fault.kind']);
    expect(await refused({ endpoint: 'notify', fault: { kind: 'duplicate' }, apply: 'after' })).toEqual(['apply']);

    const notJson = await fetch(`${sb.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"endpoint":',
    });
    expect(notJson.status).toBe(400);
    expect((await listFaults(sb.url)).rules).toEqual([]);
  });
});
