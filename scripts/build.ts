/**
 * Builds the browser bundles (widget, admin page) with Vite. Each bundle registers itself in BUNDLES once its
 * folder exists, so `npm run build` always builds everything there is.
 */
import { existsSync } from 'node:fs';
import { build } from 'vite';

const BUNDLES = [
  { name: 'widget', entry: 'widget/index.ts' },
  // after `widget`, whose build empties dist/widget: the demo shop's script goes beside widget.js
  { name: 'demo', entry: 'widget/demo/demo.ts' },
  { name: 'admin', entry: 'admin/index.tsx' },
] as const;

for (const bundle of BUNDLES) {
  if (!existsSync(bundle.entry)) {
    console.log(`build: ${bundle.name} not present yet (${bundle.entry}), skipped`);
    continue;
  }
  // 'runner' loads vite.config.ts and its extensionless TypeScript imports the way the app's own code is written.
  await build({ configFile: 'vite.config.ts', mode: bundle.name, configLoader: 'runner' });
}
