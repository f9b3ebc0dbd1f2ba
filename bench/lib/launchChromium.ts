import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox, no GPU, no background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
