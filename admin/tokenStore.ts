/**
 * Where the admin token lives while the tab is open: sessionStorage, so it is gone when the tab closes and is
 * never shared with other tabs, never written to a cookie and never put in a URL.
 */
const KEY = 'admin_token';

export function readToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}
