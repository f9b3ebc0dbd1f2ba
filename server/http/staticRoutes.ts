import { Hono } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import type { AppDeps, AppEnv } from '../deps';
import { readBuiltFile } from './readBuiltFile';

/**
 * The widget bundle from `dist/widget/` at the root (`/widget.js`, its hashed chunks and stylesheet, which it
 * loads relative to itself). Shop pages on other origins load these, with SRI, so they are served with CORS
 * and a cross-origin resource policy. The build's brotli and gzip twins are served as they are, chosen by
 * Accept-Encoding: a shop's first render waits on these bytes.
 */
export function staticRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/:file', async (c, next) => {
    const file = c.req.param('file');
    const built = await readBuiltFile(deps.config.widgetDir, file, c.req.header('accept-encoding'));
    if (built === undefined) return next();
    if (built === null) {
      const message =
        file === 'widget.js'
          ? 'the widget is not built yet: run `npm run build`'
          : `no file ${file} in the widget build`;
      return c.json({ error: { code: API_ERROR.not_found, message } }, 404);
    }
    c.header('Content-Type', built.contentType);
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Cache-Control', built.cacheControl);
    // the same URL answers in other bytes for another Accept-Encoding: caches must keep them apart
    c.header('Vary', 'Accept-Encoding');
    if (built.encoding) c.header('Content-Encoding', built.encoding);
    c.header('Content-Length', String(built.content.byteLength));
    return c.body(built.content);
  });
}
