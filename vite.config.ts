/**
 * The browser bundles, one per Vite `mode` (`npm run build` runs each: see scripts/build.ts). `widget` builds the
 * storefront widget into dist/widget and `demo` the demo shop's script beside it (a separate build, so the demo
 * shares no chunk with the widget); `admin` builds the shop owner's page into dist/admin.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { demoViteConfig, widgetViteConfig } from './widget/build/widgetViteConfig';
import { writeCompressed } from './widget/build/writeCompressed';

/** Preact's automatic JSX runtime, as tsconfig.json declares it (Vite 8 transforms with Oxc). */
const preactJsx = { jsx: { runtime: 'automatic', importSource: 'preact' } } as const;

/** The shop owner's admin page: admin/index.html, served by the backend at /admin (assets at /admin/assets/). */
function adminConfig(): UserConfig {
  return {
    root: fileURLToPath(new URL('./admin', import.meta.url)),
    base: '/admin/',
    publicDir: false,
    oxc: preactJsx,
    build: {
      outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
      emptyOutDir: true,
      target: 'es2020',
    },
    // brotli and gzip twins of the script and stylesheet, served by Accept-Encoding (server/admin/adminPage.ts)
    plugins: [
      {
        name: 'admin-compressed-twins',
        writeBundle: (output, bundle) =>
          writeCompressed(output.dir ?? fileURLToPath(new URL('./dist/admin', import.meta.url)), Object.keys(bundle)),
      },
    ],
  };
}

const BUNDLES: Record<string, () => UserConfig> = {
  widget: () => widgetViteConfig(),
  demo: demoViteConfig,
  admin: adminConfig,
};

export default defineConfig(({ mode }) => {
  const bundle = BUNDLES[mode];
  if (!bundle)
    throw new Error(`vite.config.ts: no bundle for mode "${mode}" (one of: ${Object.keys(BUNDLES).join(', ')})`);
  return bundle();
});
