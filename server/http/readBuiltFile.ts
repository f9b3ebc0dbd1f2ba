import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** What a Vite build emits and we serve. Anything else is not ours to serve. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** `name-<hash>.ext` as Vite emits it: the content never changes under that name. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
/** One flat file name: no directory, no `..`, nothing a path could be smuggled through. */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

export interface BuiltFile {
  content: Uint8Array<ArrayBuffer>;
  contentType: string;
  cacheControl: string;
}

/**
 * Reads `file` from the build folder `dir`. `undefined` when the name is not a servable asset name (the caller
 * passes to the next route), `null` when it is one but is not built. Read per request: a rebuild needs no restart.
 */
export async function readBuiltFile(dir: string, file: string): Promise<BuiltFile | null | undefined> {
  const contentType = CONTENT_TYPES[extname(file)];
  if (!SAFE_NAME.test(file) || !contentType) return undefined;
  try {
    const content = new Uint8Array(await readFile(join(dir, file)));
    const cacheControl = HASHED.test(file)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=300, must-revalidate';
    return { content, contentType, cacheControl };
  } catch {
    return null;
  }
}
