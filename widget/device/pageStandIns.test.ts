// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { installPageStandIns, snapshotPage } from './pageStandIns';

/** A worker's global scope as far as the stand-ins go: its own navigator, no window, no document. */
function workerScope() {
  return { navigator: { userAgent: 'worker', hardwareConcurrency: 2 }, Intl } as unknown as typeof globalThis;
}

describe("the page's stand-ins in the fingerprint's worker", () => {
  test("answer `in` for window, navigator and the root element's style with the page's names, and read navigator's plain values from the page", () => {
    const snapshot = snapshotPage(window);
    expect(snapshot.window).toContain('document');
    expect(snapshot.navigatorValues.userAgent).toBe(navigator.userAgent);
    const scope = workerScope();
    installPageStandIns(scope, { ...snapshot, window: [...snapshot.window, 'BatteryManager'] }, () => 'a canvas');
    const standIns = scope as unknown as { window: object; navigator: Navigator; document: Document };
    expect('BatteryManager' in standIns.window).toBe(true);
    expect('mozInnerScreenX' in standIns.window).toBe(false);
    expect('userAgent' in standIns.navigator).toBe(true);
    expect(standIns.navigator.userAgent).toBe(navigator.userAgent); // the page's, not the worker's
    expect(standIns.navigator.hardwareConcurrency).toBe(navigator.hardwareConcurrency);
    expect('buildID' in standIns.navigator).toBe('buildID' in navigator);
    expect('color' in standIns.document.documentElement.style).toBe(true);
    expect('MozAppearance' in standIns.document.documentElement.style).toBe(
      'MozAppearance' in document.documentElement.style,
    );
  });

  test("read everything else from the worker's own scope, and make only canvases", () => {
    const scope = workerScope();
    installPageStandIns(scope, snapshotPage(window), () => 'a canvas');
    const standIns = scope as unknown as { window: { Intl: typeof Intl }; document: Document };
    expect(standIns.window.Intl).toBe(Intl);
    expect(standIns.document.createElement('canvas')).toBe('a canvas');
    expect(() => standIns.document.createElement('iframe')).toThrow(/no <iframe>/);
  });
});
