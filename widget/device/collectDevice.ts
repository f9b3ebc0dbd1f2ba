import type { DeviceData } from '../../shared/contract/payment';
import { challengeWindowSize } from './challengeWindowSize';
import { clampColorDepth } from './clampColorDepth';
import { detectDeviceType } from './detectDeviceType';
import { detectOs } from './detectOs';
import { exchangeDeviceCookie, readCookies } from './deviceCookie';

/** UA-CH is Chromium-only and not in TypeScript's DOM types. */
interface UserAgentData {
  platform?: string;
}

/** Strips control characters (the contract refuses them) and cuts to the gateway's length. */
function clean(value: string | undefined, max: number): string {
  // eslint-disable-next-line no-control-regex
  return (value ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);
}

/** Offset from UTC in hours as the spec writes it: "-3", "0", "5.5", "5.75". */
export function timeZoneOffsetHours(now: Date): string {
  return String(-now.getTimezoneOffset() / 60);
}

function timeZoneName(): string {
  try {
    return clean(Intl.DateTimeFormat().resolvedOptions().timeZone, 64);
  } catch {
    return '';
  }
}

function newDeviceId(win: Window): string {
  return typeof win.crypto?.randomUUID === 'function'
    ? win.crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/** What the widget knows of its place in the page, for the fields that depend on it. */
export interface DeviceContext {
  /** the size the card frame can take: the widget's width, the viewport's height */
  frame?: { width: number; height: number };
  /** the name of the shop's fraud-screening cookie, when the shop sets one */
  screeningCookie?: string;
}

/**
 * Everything the gateway's payment order asks about the shopper's device (docs/gateway-api.md 2.2), read in the
 * browser at submit time. The fingerprint is passed in because it is computed lazily elsewhere and may be ''.
 */
export function collectDevice(
  win: Window,
  fingerprint: string,
  now: Date = new Date(),
  context: DeviceContext = {},
): DeviceData {
  const nav = win.navigator;
  const ua = clean(nav.userAgent, 500);
  const uaData = (nav as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const screen = win.screen;
  const width = Math.max(0, Math.round(screen?.width ?? 0));
  const height = Math.max(0, Math.round(screen?.height ?? 0));
  const cookies = exchangeDeviceCookie(win.document, now, () => newDeviceId(win));
  const screening = context.screeningCookie ? clean(readCookies(win.document).get(context.screeningCookie), 500) : '';
  return {
    os: clean(detectOs(ua, uaData?.platform), 100),
    browser: ua,
    browser_lang: clean(nav.language || 'en', 35),
    time_zone: timeZoneOffsetHours(now),
    time_zone_name: timeZoneName(),
    resolution: `${Math.min(width, 99999)}x${Math.min(height, 99999)}`,
    color_depth: clampColorDepth(screen?.colorDepth),
    cookie_old: clean(cookies.cookie_old, 1000),
    cookie_new: clean(cookies.cookie_new, 1000),
    device_fingerprint: clean(fingerprint, 128),
    device_type: detectDeviceType(ua, nav.maxTouchPoints),
    user_agent: ua,
    checkout_time: Math.floor(now.getTime() / 1000),
    ...(context.frame ? { challenge_window_size: challengeWindowSize(context.frame.width, context.frame.height) } : {}),
    ...(screening ? { screening_token_cookie: screening } : {}),
  };
}
