/** True for an absolute http: or https: URL: the only kind the client will fetch or hand to a shopper. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
