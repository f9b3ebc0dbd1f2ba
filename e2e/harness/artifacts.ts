import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Test artefacts (screenshots of final screens, server logs): git-ignored, kept after the run. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** A full-page screenshot of what the shopper or owner sees at the end of a journey, as `<name>.png`. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
