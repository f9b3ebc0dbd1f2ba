import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { releaseBrowser, workerBrowser } from './launchBrowser';
import { scanAccessibility } from './scanAccessibility';

// The accessibility tests assert "no violation"; this shows the scan finds them when they are there.
let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
}, 60_000);
afterAll(() => releaseBrowser(browser));

describe('scanAccessibility', () => {
  it('reports an unlabelled input and an image without text, and only inside `include`', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent(
        '<!doctype html><html lang="en"><title>t</title><main><div id="bad"><input type="text"><img src="data:,"></div><div id="good"><label>Name <input type="text"></label></div></main></html>',
      );
      const ids = (await scanAccessibility(page)).map((v) => v.id).sort();
      expect(ids).toEqual(['image-alt', 'label']);
      expect(await scanAccessibility(page, '#good')).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
