import { expect } from 'vitest';
import type { FaultRule } from '../faults/faultRule';
import { postJson } from './gatewayCalls';

/** Adds a fault rule over HTTP and returns it as the sandbox lists it. */
export async function addFault(base: string, rule: Record<string, unknown>): Promise<FaultRule> {
  const res = await postJson(`${base}/sandbox/faults`, rule);
  const body = await res.text();
  expect(res.status, body).toBe(201);
  return JSON.parse(body) as FaultRule;
}

export async function listFaults(base: string): Promise<{ rules: FaultRule[]; held: number }> {
  return (await (await fetch(`${base}/sandbox/faults`)).json()) as { rules: FaultRule[]; held: number };
}

export async function clearFaults(base: string): Promise<void> {
  expect((await fetch(`${base}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
}

/** `{count}` of `/sandbox/requests/count`. */
export async function requestCount(base: string, endpoint: string, orderNo: string): Promise<number> {
  const res = await fetch(
    `${base}/sandbox/requests/count?endpoint=${encodeURIComponent(endpoint)}&order_no=${encodeURIComponent(orderNo)}`,
  );
  return ((await res.json()) as { count: number }).count;
}
