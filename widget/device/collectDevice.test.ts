// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import { deviceData } from '../../shared/contract/payment';
import { clampColorDepth } from './clampColorDepth';
import { collectDevice, timeZoneOffsetHours } from './collectDevice';
import { detectDeviceType } from './detectDeviceType';
import { detectOs } from './detectOs';
import { createFingerprintSource } from './fingerprint';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

afterEach(clearCookies);

describe('collectDevice', () => {
  test('fills every field the payment order asks for, each accepted by the contract', () => {
    const device = collectDevice(window, 'fp_abc', new Date('2024-05-01T12:00:00Z'));
    const parsed = deviceData.safeParse(device);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    for (const field of [
      'os',
      'browser',
      'browser_lang',
      'time_zone',
      'resolution',
      'color_depth',
      'cookie_new',
      'device_fingerprint',
      'device_type',
      'user_agent',
    ] as const) {
      expect(device[field], field).not.toBe('');
    }
    expect(device.cookie_old).toBe(''); // a first visit
    expect(device).toMatchObject({
      browser: navigator.userAgent,
      user_agent: navigator.userAgent,
      browser_lang: navigator.language,
      resolution: `${screen.width}x${screen.height}`,
      device_fingerprint: 'fp_abc',
      checkout_time: Math.floor(Date.parse('2024-05-01T12:00:00Z') / 1000),
      time_zone_name: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(device.resolution).toMatch(/^\d+x\d+$/);
  });

  test('a returning device sends the cookie its first checkout set as cookie_old', () => {
    const first = collectDevice(window, '', new Date('2024-05-01T12:00:00Z'));
    expect(first.cookie_new).toMatch(/^ck_did=[\w-]+&ck_seen=1714564800$/);
    const second = collectDevice(window, '', new Date('2024-05-02T12:00:00Z'));
    expect(second.cookie_old).toBe(first.cookie_new);
    expect(second.cookie_new.split('&')[0]).toBe(first.cookie_new.split('&')[0]); // the same device id
    expect(second.cookie_new).toContain('ck_seen=1714651200');
    expect(deviceData.safeParse(second).success).toBe(true);
  });

  test('an empty fingerprint (blocked or too slow) still makes valid device data', () => {
    expect(deviceData.safeParse(collectDevice(window, '')).success).toBe(true);
  });
});

describe('the pieces', () => {
  test('time zone offsets in hours, as the spec writes them', () => {
    const at = (minutesBehindUtc: number) => ({ getTimezoneOffset: () => minutesBehindUtc }) as Date;
    expect(timeZoneOffsetHours(at(180))).toBe('-3'); // São Paulo
    expect(timeZoneOffsetHours(at(0))).toBe('0');
    expect(timeZoneOffsetHours(at(-330))).toBe('5.5'); // India
    expect(timeZoneOffsetHours(at(-345))).toBe('5.75'); // Nepal
    expect(timeZoneOffsetHours(at(-780))).toBe('13'); // Tonga
    for (const m of [180, 0, -330, -345, -780, 570])
      expect(deviceData.shape.time_zone.safeParse(timeZoneOffsetHours(at(m))).success).toBe(true);
  });

  test('colour depth clamps to the EMV 3-D Secure values, from below', () => {
    expect([1, 4, 8, 15, 16, 24, 30, 32, 48].map(clampColorDepth)).toEqual([
      '1',
      '4',
      '8',
      '15',
      '16',
      '24',
      '30',
      '32',
      '48',
    ]);
    expect(clampColorDepth(25)).toBe('24');
    expect(clampColorDepth(10)).toBe('8');
    expect(clampColorDepth(64)).toBe('48');
    expect(clampColorDepth(0)).toBe('24');
    expect(clampColorDepth(undefined)).toBe('24');
  });

  test('OS and device type from the user agent', () => {
    expect(detectOs(UA.chromeWindows)).toBe('Windows');
    expect(detectOs(UA.safariMac)).toBe('macOS');
    expect(detectOs(UA.iphone)).toBe('iOS');
    expect(detectOs(UA.androidPhone)).toBe('Android');
    expect(detectOs(UA.linux)).toBe('Linux');
    expect(detectOs('curl/8', 'Fuchsia')).toBe('Fuchsia');
    expect(detectOs('curl/8')).toBe('Unknown');
    expect(detectDeviceType(UA.chromeWindows)).toBe('desktop');
    expect(detectDeviceType(UA.iphone)).toBe('mobile');
    expect(detectDeviceType(UA.androidPhone)).toBe('mobile');
    expect(detectDeviceType(UA.ipad)).toBe('tablet');
    expect(detectDeviceType(UA.androidTablet)).toBe('tablet');
    expect(detectDeviceType(UA.safariMac, 5)).toBe('tablet'); // iPadOS in desktop mode
    expect(detectDeviceType(UA.safariMac, 0)).toBe('desktop');
  });
});

describe("what depends on the page: the card frame and the shop's screening cookie", () => {
  test('challenge_window_size is the EMV window that fits the frame the widget can show', () => {
    expect(collectDevice(window, '', new Date(), { frame: { width: 640, height: 900 } }).challenge_window_size).toBe(
      '03',
    );
    expect(collectDevice(window, '', new Date(), { frame: { width: 360, height: 640 } }).challenge_window_size).toBe(
      '01',
    );
    expect(collectDevice(window, '', new Date())).not.toHaveProperty('challenge_window_size');
  });

  test('screening_token_cookie is the value of the cookie the shop names, only when it is set', () => {
    expect(collectDevice(window, '', new Date(), { screeningCookie: 'rsk_token' })).not.toHaveProperty(
      'screening_token_cookie',
    );
    document.cookie = 'rsk_token=tok-123.abc; Path=/';
    const device = collectDevice(window, '', new Date(), { screeningCookie: 'rsk_token' });
    expect(device.screening_token_cookie).toBe('tok-123.abc');
    expect(deviceData.safeParse(device).success).toBe(true);
    // no name given: no cookie of the shop is read
    expect(collectDevice(window, '', new Date())).not.toHaveProperty('screening_token_cookie');
  });
});

describe('the fingerprint never blocks a payment', () => {
  test('a fingerprint that never finishes reads as empty after the wait', async () => {
    const source = createFingerprintSource(window, () => new Promise<string>(() => {}));
    const started = Date.now();
    expect(await source.read(50)).toBe('');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('a failing fingerprint (blocked by an extension) reads as empty', async () => {
    const source = createFingerprintSource(window, () => Promise.reject(new Error('blocked')));
    expect(await source.read(5000)).toBe('');
  });

  test('it is computed once, lazily, and its value is used when ready', async () => {
    let runs = 0;
    const source = createFingerprintSource(window, async () => `visitor-${++runs}`);
    expect(runs).toBe(0); // nothing until asked
    expect(await source.read(5000)).toBe('visitor-1');
    expect(await source.read(5000)).toBe('visitor-1');
    expect(runs).toBe(1);
  });
});
