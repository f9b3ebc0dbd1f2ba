import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { buildLoader } from './buildLoader';
import { contentHash, integrity } from './integrity';
import { measureBundle, overBudget, type BUDGET, type BundleSizes } from './measureBundle';
import { writeCompressed } from './writeCompressed';

export interface WidgetBundleOptions {
  /** the ES entry's chunk name (rolldownOptions.input key) */
  entryName: string;
  loaderPath: string;
  budget: typeof BUDGET;
}

export interface WidgetManifest {
  loader: { file: string; integrity: string };
  /** the same loader under an immutable, content-hashed name, for shops that pin it with SRI */
  loaderVersioned: { file: string; integrity: string };
  entry: { file: string; integrity: string };
  stylesheet: { file: string; integrity: string };
  /** every emitted file's SRI hash */
  files: Record<string, string>;
  sizes: BundleSizes;
  budget: typeof BUDGET;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Completes the widget build once the ES chunks are written: writes widget.js (and its hashed twin) pointing at
 * the hashed entry, writes manifest.json with every file's SRI hash and the gzip sizes, writes the `.br` and
 * `.gz` twins the backend serves, prints the SRI hash, and fails the build when the size budget is exceeded. It works in writeBundle, after every plugin has finished
 * rewriting chunk code (Vite fills in preload lists in its own last hooks): the SRI hash must be of the bytes
 * served, or the browser refuses the entry.
 */
export function widgetBundle(options: WidgetBundleOptions): Plugin {
  return {
    name: 'checkout-widget-bundle',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir ?? path.dirname(output.file ?? '.');
      const entry = Object.values(bundle).find(
        (o): o is Rolldown.OutputChunk => o.type === 'chunk' && o.isEntry && o.name === options.entryName,
      );
      if (!entry) return this.error(`no entry chunk named ${options.entryName}`);
      const stylesheet = Object.values(bundle).find(
        (o): o is Rolldown.OutputAsset =>
          o.type === 'asset' && o.originalFileNames.some((f) => f.endsWith('widget/theme/widget.css')),
      );
      if (!stylesheet) return this.error('the widget stylesheet (widget/theme/widget.css) was not emitted');

      const entryIntegrity = integrity(entry.code);
      const loaderCode = await buildLoader(options.loaderPath, entry.fileName, entryIntegrity);
      const loaderIntegrity = integrity(loaderCode);
      const versioned = `widget-${contentHash(loaderCode)}.js`;
      const files: Record<string, string> = { 'widget.js': loaderIntegrity, [versioned]: loaderIntegrity };
      for (const item of Object.values(bundle))
        files[item.fileName] = integrity(item.type === 'chunk' ? item.code : item.source);
      const sizes = measureBundle(bundle, entry, loaderCode, stylesheet.source);
      const manifest: WidgetManifest = {
        loader: { file: 'widget.js', integrity: loaderIntegrity },
        loaderVersioned: { file: versioned, integrity: loaderIntegrity },
        entry: { file: entry.fileName, integrity: entryIntegrity },
        stylesheet: { file: stylesheet.fileName, integrity: files[stylesheet.fileName]! },
        files,
        sizes,
        budget: options.budget,
      };
      await writeFile(path.join(dir, 'widget.js'), loaderCode);
      await writeFile(path.join(dir, versioned), loaderCode);
      await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      await writeCompressed(dir, Object.keys(files).concat('manifest.json'));

      const over = overBudget(sizes, options.budget);
      if (over.length) this.error(`widget size budget exceeded: ${over.join('; ')}`);
      const shown = path.relative(process.cwd(), dir) || '.';
      console.log(
        [
          `widget: ${shown}/widget.js  integrity="${loaderIntegrity}"`,
          `widget: ${shown}/${versioned} (immutable copy, same integrity)`,
          `widget: initial ${kB(sizes.initialGzip)} gzip (budget ${kB(options.budget.initialGzip)}), ` +
            `with fingerprint ${kB(sizes.withFingerprintGzip)} (budget ${kB(options.budget.withFingerprintGzip)}), stylesheet ${kB(sizes.stylesheetGzip)}; ` +
            `first render ${kB(sizes.firstRenderBrotli)} brotli (budget ${kB(options.budget.firstRenderBrotli)})`,
        ].join('\n'),
      );
    },
  };
}
