/** A comma-separated form value as a list: blanks dropped, order kept, duplicates removed. */
export function splitList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}
