import type { UserConfig } from 'vite';
import { BUDGET } from './measureBundle';
import { plainDynamicImports } from './plainDynamicImports';
import { widgetBundle } from './widgetBundle';
import { writeCompressed } from './writeCompressed';

/**
 * Preact's automatic JSX runtime, as tsconfig.json declares it (Vite 8 transforms with Oxc). Never the development
 * transform: under NODE_ENV=test (the build test) Oxc would add every element's file and line, 1 kB gzip more.
 */
const preactJsx = { jsx: { runtime: 'automatic', importSource: 'preact', development: false } } as const;

export interface WidgetBuildOptions {
  outDir?: string;
  budget?: Partial<typeof BUDGET>;
}

/**
 * The widget: ES modules (the entry and its lazy chunks) plus widget.js, the classic-script loader, into
 * dist/widget. See widget/loader.ts for why a loader.
 */
export function widgetViteConfig({ outDir = 'dist/widget', budget }: WidgetBuildOptions = {}): UserConfig {
  return {
    publicDir: false,
    // Relative URLs everywhere: the chunks, the stylesheet and the loader find each other wherever the backend
    // mounts dist/widget, and on whatever origin, since they resolve against import.meta.url.
    base: './',
    oxc: preactJsx,
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: '',
      // ES2022 syntax (class fields kept as written, no helpers): the widget already needs ES2022's built-ins
      // (Object.hasOwn), so no browser it runs in is left out
      target: 'es2022',
      // The lazy chunks (locales, fingerprint) import nothing else: no module preloading to plan.
      modulePreload: false,
      cssCodeSplit: false,
      rolldownOptions: {
        input: { checkout: 'widget/index.ts' },
        preserveEntrySignatures: 'allow-extension',
        output: {
          format: 'es',
          entryFileNames: '[name]-[hash].js',
          // the fingerprint's chunk under a short name: the entry and the loader name it, before the first render
          chunkFileNames: (chunk) => (chunk.name === 'fingerprintChunk' ? 'fp-[hash].js' : '[name]-[hash].js'),
          assetFileNames: '[name]-[hash][extname]',
        },
      },
    },
    plugins: [
      plainDynamicImports(),
      widgetBundle({ entryName: 'checkout', loaderPath: 'widget/loader.ts', budget: { ...BUDGET, ...budget } }),
    ],
  };
}

/**
 * The demo shop's page script and stylesheet under stable names next to widget.js (the backend serves both).
 * A build of its own, run after the widget's, so the demo shares no chunk with the widget.
 */
export function demoViteConfig(): UserConfig {
  return {
    plugins: [
      {
        name: 'checkout-demo-precompress',
        apply: 'build',
        writeBundle: (output, bundle) => writeCompressed(output.dir ?? 'dist/widget', Object.keys(bundle)),
      },
    ],
    publicDir: false,
    base: './',
    build: {
      outDir: 'dist/widget',
      emptyOutDir: false,
      target: 'es2020',
      modulePreload: false,
      rolldownOptions: {
        input: { demo: 'widget/demo/demo.ts', 'demo-style': 'widget/demo/demo.css' },
        output: {
          format: 'es',
          entryFileNames: (chunk) => (chunk.name === 'demo' ? 'demo.js' : '[name].js'),
          assetFileNames: 'demo[extname]',
        },
      },
    },
  };
}
