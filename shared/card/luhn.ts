/**
 * The Luhn check digit rule of card numbers (ISO/IEC 7812). The sandbox uses it to refuse mistyped numbers on
 * its hosted page; the backend uses it to recognise card numbers to mask in logs and the audit trail.
 */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
