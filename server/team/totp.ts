import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) through `otpauth`: SHA-1, 6 digits, 30 s, the profile every
 * authenticator app reads from a QR code. A code is accepted one step early or late (clock drift), and never
 * twice: `checkTotp` returns the step it matched, which the caller stores and refuses at or below next time.
 */
const PERIOD_S = 30;

function totpOf(secretBase32: string, label = 'admin'): TOTP {
  return new TOTP({
    issuer: 'Shop admin',
    label,
    secret: Secret.fromBase32(secretBase32),
    digits: 6,
    period: PERIOD_S,
  });
}

/** A new 160-bit secret, base32 (what the person may type into an app instead of scanning). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI and the same as a QR code (SVG markup) for the enrolment page. */
export async function totpEnrolment(secretBase32: string, email: string): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpOf(secretBase32, email).toString();
  return { uri, qrSvg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
}

/**
 * The time step `code` belongs to, if it is the right code for a step within one of `nowMs` and later than
 * `lastStep` (a code seen once is spent); otherwise null.
 */
export function checkTotp(secretBase32: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: nowMs }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of the step at `nowMs` (tests and the CLI's self-check; never sent to anyone). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}
