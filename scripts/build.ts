/**
 * Builds the browser bundles (widget, admin page) with Vite. Each bundle registers itself in BUNDLES once its
 * folder exists, so `npm run build` always builds everything there is. The widget's build empties dist/widget and
 * then gets back the content-hashed files of the earlier builds that WIDGET_KEEP_BUILDS / WIDGET_KEEP_DAYS keep
 * (read from WIDGET_KEEP_FROM, default dist/widget itself), so a shop page pinning an earlier `widget-<hash>.js`
 * keeps working after a deploy (scripts/keepWidgetBuilds.ts, docs/deploy.md "Pinned widgets across deploys").
 */
import { existsSync } from 'node:fs';
import { build } from 'vite';
import { buildKeepingEarlier, widgetRetentionFromEnv } from './keepWidgetBuilds';

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
  const run = () => build({ configFile: 'vite.config.ts', mode: bundle.name, configLoader: 'runner' });
  if (bundle.name !== 'widget') {
    await run();
    continue;
  }
  const retention = widgetRetentionFromEnv(process.env);
  const kept = await buildKeepingEarlier('dist/widget', run, { retention, from: process.env.WIDGET_KEEP_FROM });
  console.log(
    `widget: ${kept.files.length} files of ${kept.kept} earlier build(s) kept, ${kept.dropped} dropped ` +
      `(WIDGET_KEEP_BUILDS=${retention.builds}, WIDGET_KEEP_DAYS=${retention.days})`,
  );
}
