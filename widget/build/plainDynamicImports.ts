import type { Plugin } from 'vite';

/** Vite's wrapper around a dynamic import, before it fills in the (here always empty) list of files to preload. */
const WRAPPED = /__vitePreload\(\(\) => (import\("[^"]+"\)[\s\S]*?), __VITE_PRELOAD__, import\.meta\.url\)/g;

/**
 * Unwraps Vite's `__vitePreload(() => import('./x.js'), ...)` back into `import('./x.js')`, so that its helper
 * (about 0.55 kB brotli in the entry) is left unused and dropped by the minifier. The helper preloads a lazy
 * chunk's own imports and stylesheets: the widget's lazy chunks (locales, fingerprint, payment code) import
 * nothing and bring no CSS (one stylesheet, cssCodeSplit off), so it would only ever be handed an empty list.
 * widgetBundle.test.ts checks that it is gone.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'checkout-plain-dynamic-imports',
    apply: 'build',
    renderChunk(code) {
      const plain = code.replace(WRAPPED, '($1)');
      return plain === code ? null : { code: plain, map: null };
    },
  };
}
