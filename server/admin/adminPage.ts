import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import type { AppDeps, AppEnv } from '../deps';
import { readBuiltFile } from '../http/readBuiltFile';

/** The admin page runs only its own bundled code: no inline script or style, no framing, no third party. */
const ADMIN_CSP =
  "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * The shop owner's admin page, built into `dist/admin/`: its assets under `/admin/assets/`, and its
 * `index.html` for `/admin` and every other `/admin/...` path (the page routes by hash; the API is mounted
 * before this at `/admin/api`). The token is entered in the page, never put in a URL.
 */
export function adminPageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/assets/:file', async (c) => {
      // the build's brotli and gzip twins (vite.config.ts), by Accept-Encoding, as the widget's files are
      const built = await readBuiltFile(
        join(deps.config.adminDir, 'assets'),
        c.req.param('file'),
        c.req.header('accept-encoding'),
      );
      if (!built) return c.json({ error: { code: API_ERROR.not_found, message: 'no such admin asset' } }, 404);
      c.header('Content-Type', built.contentType);
      c.header('Cache-Control', built.cacheControl);
      c.header('Vary', 'Accept-Encoding');
      if (built.encoding) c.header('Content-Encoding', built.encoding);
      c.header('Content-Length', String(built.content.byteLength));
      return c.body(built.content);
    })
    .get('*', async (c, next) => {
      // an unknown API path is an API 404, not the page
      if (c.req.path.startsWith('/admin/api/') || c.req.path === '/admin/api') return next();
      const page = await readFile(join(deps.config.adminDir, 'index.html'), 'utf8').catch(() => null);
      if (page === null) {
        return c.json(
          { error: { code: API_ERROR.not_found, message: 'the admin page is not built yet: run `npm run build`' } },
          404,
        );
      }
      c.header('Content-Security-Policy', ADMIN_CSP);
      c.header('Cache-Control', 'no-store');
      return c.html(page);
    });
}
