/**
 * Benchmark 4a: what a shopper downloads. A fresh production build of the widget (lib/buildWidget.ts); the
 * initial script is widget.js (the loader) plus the ES entry and every chunk it imports statically: all of it
 * loads before the form can show. The fingerprint chunk follows when the browser is idle. Sizes raw, gzip -9
 * and brotli 11, against the budget (widget/build/measureBundle.ts) and the published figures of two hosted
 * checkouts.
 *
 * `npx tsx bench/widgetSize.ts`
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGET } from '../widget/build/measureBundle';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { buildWidget } from './lib/buildWidget';
import { isMain, runStandalone } from './lib/cli';
import { compressedSizes, staticImports, sumSizes, type Sizes } from './lib/compressedSizes';
import { fmt, markdownTable } from './lib/markdownTable';

/** Published sizes of comparable drop-in checkouts, as given in the issue (not measured here). */
const PUBLISHED = [
  { name: 'Adyen Web (core + Drop-in + card)', brotli: 70_000 },
  { name: 'Braintree Drop-in', gzip: 80_000 },
] as const;

/** The entry and the chunks it imports statically, transitively: the modules needed before the first render. */
function initialChunks(dir: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(readFileSync(join(dir, file), 'utf8'))) visit(next);
  };
  visit(entry);
  return [...seen];
}

export async function widgetSize(options: BenchOptions): Promise<BenchResult> {
  options.log('widget size: building the widget');
  const built = await buildWidget();
  try {
    const { dir, manifest } = built;
    const size = (file: string) => compressedSizes(readFileSync(join(dir, file)));
    const initialFiles = [manifest.loader.file, ...initialChunks(dir, manifest.entry.file)];
    const initial = sumSizes(initialFiles.map(size));
    const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
    // the chunk that carries FingerprintJS: lazy, and not one of the initial ones (`fp-<hash>.js`, named so by
    // widget/build/widgetViteConfig.ts; its code no longer names FingerprintJS once minified)
    const fingerprintFiles = js.filter(
      (f) =>
        !initialFiles.includes(f) &&
        !f.startsWith('widget') &&
        (f.startsWith('fp-') || /fingerprintjs|fpjs/i.test(readFileSync(join(dir, f), 'utf8'))),
    );
    const fingerprint = sumSizes(fingerprintFiles.map(size));
    const stylesheet = size(manifest.stylesheet.file);
    const withFingerprint = sumSizes([initial, fingerprint]);
    const locales = js.filter(
      (f) => !initialFiles.includes(f) && !fingerprintFiles.includes(f) && f !== manifest.loaderVersioned.file,
    );
    const oneLocale = locales.length ? Math.max(...locales.map((f) => size(f).gzip)) : 0;

    const row = (name: string, s: Sizes, budget?: number): (string | number)[] => [
      name,
      fmt.kb(s.raw),
      fmt.kb(s.gzip),
      fmt.kb(s.brotli),
      budget === undefined
        ? ''
        : `${fmt.kb(budget)} gzip: ${s.gzip <= budget ? 'within' : '**over**'} (${((s.gzip / budget) * 100).toFixed(0)} %)`,
    ];
    const table = markdownTable(
      ['what', 'raw', 'gzip', 'brotli', 'budget'],
      [
        row(`initial script: ${initialFiles.join(' + ')}`, initial, BUDGET.initialGzip),
        row(`fingerprint chunk: ${fingerprintFiles.join(' + ') || '(none found)'}`, fingerprint),
        row('initial + fingerprint', withFingerprint, BUDGET.withFingerprintGzip),
        row(`stylesheet: ${manifest.stylesheet.file} (loaded by the widget at mount)`, stylesheet),
      ],
    );
    const comparison = markdownTable(
      [
        'checkout',
        'their published size',
        'ours (initial + fingerprint + stylesheet), same compression',
        'ours as a share of theirs',
      ],
      PUBLISHED.map((p) => {
        const ours = sumSizes([withFingerprint, stylesheet]);
        const theirs = 'brotli' in p ? p.brotli : p.gzip;
        const oursBytes = 'brotli' in p ? ours.brotli : ours.gzip;
        const unit = 'brotli' in p ? 'brotli' : 'gzip';
        return [
          p.name,
          `about ${fmt.kb(theirs)} ${unit}`,
          `${fmt.kb(oursBytes)} ${unit}`,
          `${((oursBytes / theirs) * 100).toFixed(0)} %`,
        ];
      }),
    );
    const markdown = [
      "A fresh production build of the current source (the project's Vite config, into a temp dir). Each file is compressed on its own, as a CDN serves it; kB = 1,000 bytes, as the budget counts.",
      '',
      table,
      '',
      `A shopper with a non-English locale also loads one locale chunk (the largest is ${fmt.kb(oneLocale)} gzip).`,
      '',
      'Against the published figures of hosted drop-in checkouts (their numbers as given in the issue, not measured here):',
      '',
      comparison,
    ].join('\n');
    return { key: 'widgetSize', title: '4a. Widget size', markdown };
  } finally {
    built.remove();
  }
}

if (isMain(import.meta.url)) runStandalone(widgetSize);
