import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|map|svg)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each compressible file in `dir`,
 * so the backend serves them as they are (server/http/readBuiltFile.ts) instead of compressing per request: the
 * strongest settings are too slow for a request but cost nothing at build time.
 */
export async function writeCompressed(dir: string, files: readonly string[]): Promise<void> {
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const content = await readFile(path.join(dir, file));
        const [br, gzipped] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gz(content, { level: 9 }),
        ]);
        await Promise.all([
          writeFile(path.join(dir, `${file}.br`), br),
          writeFile(path.join(dir, `${file}.gz`), gzipped),
        ]);
      }),
  );
}
