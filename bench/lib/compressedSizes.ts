import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Bytes on the wire at the strongest settings a CDN uses for static files: gzip -9, brotli quality 11. */
export function compressedSizes(content: string | Uint8Array): Sizes {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

/** Files are compressed one by one (each is its own HTTP response), so a group's size is the sum. */
export function sumSizes(list: readonly Sizes[]): Sizes {
  return list.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

/** The relative modules a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`), not `import()`. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => m[1]!.slice(2));
}
