import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ItemsCodecError, decodeItems, encodeItems, hasDelimiter, type Item } from './items';

/** Values built from the delimiters' own characters, so that near-misses are generated often. */
const value = fc
  .string({ unit: fc.constantFrom('a', 'Z', '1', ' ', '#', ',', ';', 'é', '-'), maxLength: 12 })
  .filter((v) => !hasDelimiter(v));
const item = fc.record({
  name: value,
  sku: value,
  unit_price: value,
  quantity: fc.integer({ min: 1, max: 1_000_000 }),
});

function codecError(fn: () => unknown): ItemsCodecError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ItemsCodecError) return err;
    throw err;
  }
  throw new Error('expected an ItemsCodecError');
}

describe('items codec', () => {
  it('decodes the spec example', () => {
    expect(decodeItems('huawei#,#NUM1#,#230.00#,#1#;#Test2#,#NUM2#,#290.00#,#2')).toEqual([
      { name: 'huawei', sku: 'NUM1', unit_price: '230.00', quantity: 1 },
      { name: 'Test2', sku: 'NUM2', unit_price: '290.00', quantity: 2 },
    ]);
  });

  it('round-trips any values without delimiters', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), (items) => {
        expect(decodeItems(encodeItems(items))).toEqual(items);
      }),
    );
  });

  it.each([
    ['name', 'a#,#b'],
    ['name', 'a#;#b'],
    ['sku', '#lead'],
    ['sku', 'trail#'],
    ['unit_price', ',#1.00'],
    ['name', ';#x'],
  ] as const)('refuses %s %j with its path', (key, bad) => {
    const items: Item[] = [
      { name: 'ok', sku: 'S1', unit_price: '1.00', quantity: 1 },
      { name: 'ok', sku: 'S2', unit_price: '1.00', quantity: 1, [key]: bad },
    ];
    expect(codecError(() => encodeItems(items)).path).toEqual([1, key]);
  });

  it('refuses a quantity that is not a whole number of at least 1, both ways', () => {
    expect(codecError(() => encodeItems([{ name: 'a', sku: 'b', unit_price: '1.00', quantity: 0 }])).path).toEqual([
      0,
      'quantity',
    ]);
    expect(codecError(() => encodeItems([{ name: 'a', sku: 'b', unit_price: '1.00', quantity: 1.5 }])).path).toEqual([
      0,
      'quantity',
    ]);
    expect(codecError(() => decodeItems('a#,#b#,#1.00#,#01')).path).toEqual([0, 'quantity']);
    expect(codecError(() => decodeItems('a#,#b#,#1.00#,#1#;#c#,#d#,#1.00#,#-2')).path).toEqual([1, 'quantity']);
  });

  it('refuses an item without exactly four fields', () => {
    expect(codecError(() => decodeItems('a#,#b#,#1.00')).path).toEqual([0]);
    expect(codecError(() => decodeItems('a#,#b#,#1.00#,#1#;#x#,#y#,#z#,#1#,#extra')).path).toEqual([1]);
  });

  it('refuses an encoded string that splits two ways (an edge "#")', () => {
    // "a##,#b" is "a#"+"b" or "a"+"#b": neither is guessed
    expect(codecError(() => decodeItems('a##,#b#,#1.00#,#1')).path).toEqual([0, 'name']);
  });

  it('refuses more than 5000 encoded characters', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({
      name: 'n'.repeat(20),
      sku: `S${i}`,
      unit_price: '1.00',
      quantity: 1,
    }));
    expect(codecError(() => encodeItems(many)).path).toEqual([]);
  });

  it('an empty string is no items', () => {
    expect(decodeItems('')).toEqual([]);
    expect(encodeItems([])).toBe('');
  });
});
