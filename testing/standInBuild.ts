import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `/readyz` is 503 without the widget and admin page builds. Unit tests run without `npm run build`: where the
 * default dist/ is not built, stand-in files in `dir` keep a test backend ready (tests of the built files pass
 * WIDGET_DIR / ADMIN_DIR of their own, which win). Called again for a restarted backend process on the same dir.
 */
export function standInBuild(dir: string): Record<string, string> {
  if (existsSync('dist/widget/widget.js') && existsSync('dist/admin/index.html')) return {};
  // recursive: a restarted backend process (testing/startBackendProcess.ts) asks again for the same dir
  mkdirSync(join(dir, 'widget'), { recursive: true });
  mkdirSync(join(dir, 'admin'), { recursive: true });
  writeFileSync(join(dir, 'widget', 'widget.js'), '/* stand-in: the widget is not built in unit tests */');
  writeFileSync(join(dir, 'admin', 'index.html'), '<!doctype html><title>Shop admin</title>');
  return { WIDGET_DIR: join(dir, 'widget'), ADMIN_DIR: join(dir, 'admin') };
}
