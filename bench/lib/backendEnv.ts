/**
 * The backend's settings under load: its per-IP rate limits exist against floods from one shopper, and every
 * benchmark request comes from 127.0.0.1, so they are lifted. Only errors are logged (startTarget.ts shows them
 * when the process stops): request logs would measure the log pipe, and tests run silent too.
 */
export const UNLIMITED_RATES: Readonly<Record<string, string>> = {
  RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000000',
  RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000000',
  RATE_LIMIT_HOOKS_PER_MINUTE: '1000000000',
  RATE_LIMIT_RETURNS_PER_MINUTE: '1000000000',
  LOG_LEVEL: 'error',
};

/** The sandbox's auto-capture account (sandbox/accounts.ts): an approved card is paid (3000) at once. */
export const AUTO_CAPTURE_ACCOUNT: Readonly<Record<string, string>> = {
  ACCOUNT_ID: '701001020',
  SIGN_KEY: 'sk_sandbox_701001020',
};
