export type DeviceType = 'desktop' | 'mobile' | 'tablet';

/**
 * desktop, mobile or tablet for the gateway's `device_type`. Tablets first: Android tablets omit "Mobile", and
 * iPadOS 13+ claims to be a Mac, which only its touch points give away.
 */
export function detectDeviceType(userAgent: string, maxTouchPoints = 0): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk/i.test(userAgent)) return 'tablet';
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
