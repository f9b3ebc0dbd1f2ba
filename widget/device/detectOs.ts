/** Operating-system families by user-agent token, most specific first (Android and iOS UAs also say "Linux"/"Mac"). */
const OS_RULES: readonly (readonly [RegExp, string])[] = [
  [/Windows Phone/i, 'Windows Phone'],
  [/Windows/i, 'Windows'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Android/i, 'Android'],
  [/CrOS/i, 'ChromeOS'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/Linux|X11/i, 'Linux'],
];

/** The shopper's OS family for the gateway's `os` field; "Unknown" rather than empty so risk rules see a value. */
export function detectOs(userAgent: string, platform?: string): string {
  for (const [pattern, name] of OS_RULES) if (pattern.test(userAgent)) return name;
  // iPadOS 13+ reports itself as a Mac; the UA-CH platform (Chromium only) is a second opinion.
  return platform ? platform.slice(0, 100) : 'Unknown';
}
