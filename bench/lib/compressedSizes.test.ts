import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compressedSizes, staticImports, sumSizes } from './compressedSizes';

describe('staticImports', () => {
  it('finds minified static imports and re-exports, but not dynamic import()', () => {
    const code =
      'import{a as e}from"./money-X1.js";import"./side-Y2.js";export{b}from"./re-Z3.js";const l=()=>import(`./fr-Q.js`),m=()=>import("./fp-R.js");';
    expect(staticImports(code)).toEqual(['money-X1.js', 'side-Y2.js', 're-Z3.js']);
  });
  it('ignores bare package imports (the bundle has none; a CDN URL would not be ours)', () => {
    expect(staticImports('import{h}from"preact";')).toEqual([]);
  });
});

describe('compressedSizes', () => {
  it('measures raw bytes, and compresses repetitive text far below that', () => {
    const s = compressedSizes('checkout '.repeat(1000));
    expect(s.raw).toBe(9000);
    expect(s.gzip).toBeLessThan(200);
    expect(s.brotli).toBeLessThan(200);
  });
  it('cannot shrink random bytes', () => {
    const s = compressedSizes(randomBytes(4096));
    expect(s.gzip).toBeGreaterThan(4096);
  });
  it('adds groups field by field', () => {
    expect(
      sumSizes([
        { raw: 1, gzip: 2, brotli: 3 },
        { raw: 10, gzip: 20, brotli: 30 },
      ]),
    ).toEqual({ raw: 11, gzip: 22, brotli: 33 });
  });
});
