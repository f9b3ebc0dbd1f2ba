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
  // Reached only when no rule matches: the UA-CH platform (Chromium only) names the OS then. iPadOS 13+ sends a
  // Mac user agent ("Macintosh"), so an iPad is reported as macOS by the rule above: nothing here tells the two
  // apart (detectDeviceType does, by touch points, for `device_type`).
  return platform ? platform.slice(0, 100) : 'Unknown';
}
