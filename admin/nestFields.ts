/**
 * Flat form values keyed by dotted path ("beneficiary.address.city") -> the nested request body. Empty and
 * blank values are left out, so an optional field the owner did not fill is absent rather than "".
 */
export function nestFields(values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (value === '') continue;
    const keys = path.split('.');
    let node = out;
    for (const key of keys.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]!] = value;
  }
  return out;
}

/** The messages for one field: errors on its path or below it ("countries" also takes "countries.2"). */
export function errorsFor(fields: readonly { path: string; message: string }[], path: string): string | undefined {
  const mine = fields.filter((f) => f.path === path || f.path.startsWith(`${path}.`)).map((f) => f.message);
  return mine.length ? mine.join('; ') : undefined;
}
