import { access } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The built files a backend exists to serve that are not on disk: the widget bundle and the admin page. Without
 * them `/widget.js` and `/admin` answer 404 while the API works, so a deploy that skipped `npm run build` must
 * not be put in rotation (docs/deploy.md).
 */
export async function missingBuiltFiles(config: { widgetDir: string; adminDir: string }): Promise<string[]> {
  const files = [join(config.widgetDir, 'widget.js'), join(config.adminDir, 'index.html')];
  const present = await Promise.all(
    files.map((f) =>
      access(f).then(
        () => true,
        () => false,
      ),
    ),
  );
  return files.filter((_, i) => !present[i]);
}
