/**
 * What every answer to a fuzzed request must be: never a 5xx; from a JSON route, any 4xx in the one error
 * envelope `{error:{code, message, fields?:[{path, message}]}}` with a known code; and a 400 about a field that
 * was made invalid names that field. A bulk route (`rows`: the body's list of orders) answers a wrong field of
 * one row as that row's result instead: 200, the row at its position `ok: false`, its fields naming the field.
 */
import { expect } from 'vitest';
import { API_ERROR } from '../../../../shared/contract/errors';

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const CODES = new Set<string>(Object.values(API_ERROR));

/** `a` names `b`, a part of it, or an enclosing object (a wrong type on an object may be reported on a member). */
function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

export function judge(
  answer: Answer,
  opts: { json: boolean; mustName?: string | undefined; context: string; rows?: string },
): void {
  const where = `${opts.context} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  const row = opts.rows && opts.mustName ? new RegExp(`^${opts.rows}\\.(\\d+)(?:\\.(.+))?$`).exec(opts.mustName) : null;
  if (row && answer.status === 200) {
    const results = (
      JSON.parse(answer.text) as {
        results: { ok: boolean; position?: number; error?: { fields?: { path: string }[] } }[];
      }
    ).results;
    const result = results[Number(row[1])];
    expect(result, `${where}: the wrong row must be refused`).toMatchObject({ ok: false, position: Number(row[1]) });
    const paths = (result?.error?.fields ?? []).map((f) => f.path);
    expect(
      paths.some((p) => related(p, row[2] ?? '(order)')),
      `${where}: fields must name ${row[2]}`,
    ).toBe(true);
    return;
  }
  if (opts.mustName !== undefined) expect(answer.status, `${where}: a wrong type must be refused`).toBe(400);
  if (!opts.json || answer.status < 400) return;
  expect(answer.contentType, where).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
  expect(Object.keys(body), where).toEqual(['error']);
  const { code, message, fields } = body.error ?? {};
  expect(typeof code === 'string' && CODES.has(code), where).toBe(true);
  expect(typeof message === 'string' && message.length > 0, where).toBe(true);
  if (fields !== undefined) {
    expect(Array.isArray(fields) && fields.length > 0, where).toBe(true);
    for (const f of fields as { path?: unknown; message?: unknown }[]) {
      expect(
        typeof f.path === 'string' && f.path.length > 0 && typeof f.message === 'string' && f.message.length > 0,
        where,
      ).toBe(true);
    }
  }
  if (opts.mustName !== undefined) {
    const paths = ((fields as { path: string }[] | undefined) ?? []).map((f) => f.path);
    expect(
      paths.some((p) => related(p, opts.mustName!)),
      `${where}: fields must name ${opts.mustName}`,
    ).toBe(true);
  }
}
