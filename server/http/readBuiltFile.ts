import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { chooseEncoding, type Encoding } from './chooseEncoding';

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
/** The twins the build writes beside each text file (widget/build/writeCompressed.ts), by content coding. */
const TWINS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export interface BuiltFile {
  content: Uint8Array<ArrayBuffer>;
  contentType: string;
  cacheControl: string;
  /** the Content-Encoding of `content`; undefined: the file as built */
  encoding?: Encoding;
}

async function readOrNull(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    return null;
  }
}

/**
 * Reads `file` from the build folder `dir`, precompressed when the build wrote a `.br` or `.gz` twin that
 * `acceptEncoding` takes (else the file itself). `undefined` when the name is not a servable asset name (the
 * caller passes to the next route), `null` when it is one but is not built. Read per request: a rebuild needs no
 * restart.
 */
export async function readBuiltFile(
  dir: string,
  file: string,
  acceptEncoding?: string,
): Promise<BuiltFile | null | undefined> {
  const contentType = CONTENT_TYPES[extname(file)];
  if (!SAFE_NAME.test(file) || !contentType) return undefined;
  const cacheControl = HASHED.test(file)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=300, must-revalidate';
  // brotli, then gzip, as the request ranks them; a twin missing on disk falls through to the next choice
  const tried: Encoding[] = [];
  for (;;) {
    const encoding = chooseEncoding(
      acceptEncoding,
      (['br', 'gzip'] as const).filter((e) => !tried.includes(e)),
    );
    if (!encoding) break;
    const content = await readOrNull(join(dir, file + TWINS[encoding]));
    if (content) return { content, contentType, cacheControl, encoding };
    tried.push(encoding);
  }
  const content = await readOrNull(join(dir, file));
  return content && { content, contentType, cacheControl };
}
