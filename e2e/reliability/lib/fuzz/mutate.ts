/**
 * Near-valid bodies for fuzzing: a valid body with one thing changed at one path. A value of another JSON type
 * is always invalid in the backend's schemas (none is nullable or takes two types), so for that mutation the
 * test can demand a 400 naming the path; the others (a random value, a removed field, an unknown key) may or
 * may not be valid and are held only to "never a 5xx, always the envelope".
 */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

export type Mutation =
  | { kind: 'valid' }
  | { kind: 'wrongType'; at: number; value: Json }
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'delete'; at: number }
  | { kind: 'unknownKey'; at: number; key: string; value: Json }
  | { kind: 'whole'; value: Json };

const typeOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every path in `body`, the root first, objects and arrays included. */
function pathsOf(body: Json, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(body)) for (const [i, v] of body.entries()) out.push(...pathsOf(v, [...prefix, i]));
  else if (body && typeof body === 'object')
    for (const [k, v] of Object.entries(body)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

function dotted(path: Path): string {
  return path.map(String).join('.') || '(body)';
}

function getAt(body: Json, path: Path): Json {
  return path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, body);
}

/** `body` with `change` applied to the value at `path` (a deep copy; `undefined` removes it). */
function withAt(body: Json, path: Path, change: (v: Json) => Json | undefined): Json | undefined {
  if (path.length === 0) return change(body);
  const copy = structuredClone(body) as Record<string | number, Json>;
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, Json> | Json[];
  const key = path[path.length - 1]!;
  const next = change((parent as Record<string | number, Json>)[key]!);
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete (parent as Record<string, Json>)[key];
  } else (parent as Record<string | number, Json>)[key] = next;
  return copy;
}

/** A value whose JSON type differs from `original`'s. */
function otherType(original: Json, pick: number): Json {
  const candidates: Json[] = [42, -1.5, true, null, 'text', [], ['x'], {}, { x: 1 }];
  const others = candidates.filter((c) => typeOf(c) !== typeOf(original));
  return others[pick % others.length]!;
}

export interface Applied {
  body: Json | undefined;
  /** the path a 400 must name (wrongType only) */
  mustName?: string;
  description: string;
}

export function applyMutation(valid: Json, m: Mutation): Applied {
  const paths = pathsOf(valid);
  switch (m.kind) {
    case 'valid':
      return { body: valid, description: 'valid' };
    case 'whole':
      return { body: m.value, description: `whole body ${JSON.stringify(m.value).slice(0, 80)}` };
    case 'wrongType': {
      const path = paths[m.at % paths.length]!;
      const value = otherType(
        getAt(valid, path),
        typeof m.value === 'number' ? Math.abs(Math.trunc(m.value)) : String(m.value).length,
      );
      return {
        body: withAt(valid, path, () => value),
        mustName: dotted(path),
        description: `${dotted(path)} = ${JSON.stringify(value)}`,
      };
    }
    case 'replace': {
      const path = paths[m.at % paths.length]!;
      return {
        body: withAt(valid, path, () => m.value),
        description: `${dotted(path)} = ${JSON.stringify(m.value).slice(0, 80)}`,
      };
    }
    case 'delete': {
      const path = paths[m.at % paths.length]!;
      return { body: withAt(valid, path, () => undefined), description: `without ${dotted(path)}` };
    }
    case 'unknownKey': {
      const objects = paths.filter((p) => {
        const v = getAt(valid, p);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const path = objects[m.at % objects.length]!;
      return {
        body: withAt(valid, path, (v) => ({ ...(v as Record<string, Json>), [m.key]: m.value })),
        description: `${dotted([...path, m.key])} added`,
      };
    }
  }
}

const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;

/** Mostly near-valid, sometimes valid or entirely random. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'valid' }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('wrongType' as const), at: fc.nat(), value: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: json }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('unknownKey' as const),
      at: fc.nat(),
      key: fc.string({ minLength: 1, maxLength: 12 }),
      value: json,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: json }) },
);

/** Content types a client might send, right and wrong. */
export const contentTypeArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'text/html',
      'application/jsonx',
      '',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  },
);

/** A header value fetch accepts: visible ASCII and spaces, no leading or trailing space. */
export const headerValueArb = fc
  .string({ unit: 'binary-ascii', maxLength: 300 })
  .map((s) => s.replace(/[^\x21-\x7e ]/g, '').trim());
