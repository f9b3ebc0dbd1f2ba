/**
 * The spec's `items` string: `name#,#sku#,#unit_price#,#quantity`, items joined by `#;#` (docs/protocol-decisions.md
 * 1). A value containing a delimiter cannot be encoded unambiguously, so it is refused rather than mangled.
 */
const FIELD_DELIMITER = '#,#';
const ITEM_DELIMITER = '#;#';
const ITEMS_MAX_CHARS = 5000;

export interface Item {
  name: string;
  sku: string;
  /** decimal string in the order's currency, e.g. "12.50" */
  unit_price: string;
  /** positive whole number */
  quantity: number;
}

export class ItemsCodecError extends Error {
  override name = 'ItemsCodecError';
  constructor(
    message: string,
    /** path of the offending value, e.g. [1, 'name'] */
    readonly path: (string | number)[],
  ) {
    super(message);
  }
}

/**
 * True if `value` contains either delimiter or would form one with the delimiter beside it: a value sits
 * between delimiters, so "a#," followed by "#,#" reads as "a" + ",#,#". A '#' at either end is refused too.
 */
export function hasDelimiter(value: string): boolean {
  const framed = `#${value}#`;
  return (
    framed.includes(FIELD_DELIMITER) || framed.includes(ITEM_DELIMITER) || value.startsWith('#') || value.endsWith('#')
  );
}

export function encodeItems(items: readonly Item[]): string {
  const encoded = items
    .map((item, i) => {
      const fields: [keyof Item, string][] = [
        ['name', item.name],
        ['sku', item.sku],
        ['unit_price', item.unit_price],
        ['quantity', String(item.quantity)],
      ];
      for (const [key, value] of fields) {
        if (hasDelimiter(value)) {
          throw new ItemsCodecError(
            `must not contain "${FIELD_DELIMITER}", "${ITEM_DELIMITER}" or a leading/trailing "#"`,
            [i, key],
          );
        }
      }
      if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
        throw new ItemsCodecError('must be a whole number of at least 1', [i, 'quantity']);
      }
      return fields.map(([, v]) => v).join(FIELD_DELIMITER);
    })
    .join(ITEM_DELIMITER);
  if (encoded.length > ITEMS_MAX_CHARS)
    throw new ItemsCodecError(`encoded items exceed ${ITEMS_MAX_CHARS} characters`, []);
  return encoded;
}

export function decodeItems(encoded: string): Item[] {
  if (encoded === '') return [];
  return encoded.split(ITEM_DELIMITER).map((raw, i) => {
    const parts = raw.split(FIELD_DELIMITER);
    if (parts.length !== 4) throw new ItemsCodecError(`item must have 4 fields, has ${parts.length}`, [i]);
    const [name, sku, unit_price, qty] = parts as [string, string, string, string];
    // "a##,#b" splits as "a#" + "b" though "a" + "#b" was as likely: an edge "#" makes the string ambiguous
    const ambiguous = (['name', 'sku', 'unit_price'] as const).find((_key, k) => hasDelimiter(parts[k]!));
    if (ambiguous) throw new ItemsCodecError('must not start or end with "#" next to a delimiter', [i, ambiguous]);
    if (!/^[1-9]\d*$/.test(qty)) throw new ItemsCodecError('must be a whole number of at least 1', [i, 'quantity']);
    return { name, sku, unit_price, quantity: Number(qty) };
  });
}
