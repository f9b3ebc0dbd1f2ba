import { readFile } from 'node:fs/promises';
import { minify, transformWithOxc } from 'vite';

/**
 * widget.js from widget/loader.ts: TypeScript stripped, the entry's file name and SRI hash written in, minified.
 * Built here rather than as a Vite entry because it must be a classic script and must know the hashed entry,
 * which exists only once the bundle has been generated.
 */
export async function buildLoader(loaderPath: string, entryFile: string, entryIntegrity: string): Promise<string> {
  const source = await readFile(loaderPath, 'utf8');
  const { code } = await transformWithOxc(source, loaderPath, {
    lang: 'ts',
    target: 'es2020',
    define: {
      __CHECKOUT_ENTRY__: JSON.stringify(`./${entryFile}`),
      __CHECKOUT_ENTRY_INTEGRITY__: JSON.stringify(entryIntegrity),
    },
  });
  const script = code.replace(/^\s*export\s*\{\s*\};?\s*$/m, '');
  const minified = await minify('widget.js', script, { compress: true, mangle: true, module: false });
  if (minified.errors?.length) throw new Error(`widget.js: ${minified.errors.map((e) => e.message).join('; ')}`);
  return minified.code;
}
