import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Hono } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import type { AppDeps, AppEnv } from '../deps';

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

/**
 * The widget bundle from `dist/widget/` at the root (`/widget.js`, its hashed chunks and stylesheet, which it
 * loads relative to itself). Shop pages on other origins load these, with SRI, so they are served with CORS
 * and a cross-origin resource policy. Files are read per request: a rebuild needs no restart.
 */
export function staticRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/:file', async (c, next) => {
    const file = c.req.param('file');
    const type = CONTENT_TYPES[extname(file)];
    if (!SAFE_NAME.test(file) || !type) return next();
    let content: Buffer;
    try {
      content = await readFile(join(deps.config.widgetDir, file));
    } catch {
      const built = file === 'widget.js' ? 'the widget is not built yet: run `npm run build`' : `no file ${file} in the widget build`;
      return c.json({ error: { code: API_ERROR.not_found, message: built } }, 404);
    }
    c.header('Content-Type', type);
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate');
    return c.body(new Uint8Array(content));
  });
}
