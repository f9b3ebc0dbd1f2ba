import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEMO_APMS } from '../shared/paymentMethods/shopperFields';

/**
 * Merchant accounts the sandbox knows. Each signs with its own case-sensitive key (docs/protocol-decisions.md 3); cards
 * follow the account's capture mode, APMs always settle. Queries are allowed only from `query_ips`.
 */
export interface Account {
  merchant_id: string;
  account_id: string;
  sign_key: string;
  /** cards: `manual` stops at 2000 (authorised) until `/v1/capture`; `auto` goes straight to 3000 */
  capture: 'manual' | 'auto';
  /** IPs allowed to call `/v1/retrievalTrans` and `/v1/retrievalRefund` */
  query_ips: string[];
  /** enabled APM `payment_method` codes for `/v1/authorise` */
  apm_methods: string[];
}

const LOOPBACK = ['127.0.0.1', '::1'];
/** The demo's APM codes (shared/paymentMethods/shopperFields.ts): what an account enables unless it says otherwise. */
const DEMO_APM_CODES = Object.keys(DEMO_APMS);

/** The demo account (docs/architecture.md 4), and an auto-capture twin for tests of the 3000 path. */
export const BUILT_IN_ACCOUNTS: readonly Account[] = [
  {
    merchant_id: '701001',
    account_id: '701001010',
    sign_key: 'sk_sandbox_701001010',
    capture: 'manual',
    query_ips: LOOPBACK,
    apm_methods: DEMO_APM_CODES,
  },
  {
    merchant_id: '701001',
    account_id: '701001020',
    sign_key: 'sk_sandbox_701001020',
    capture: 'auto',
    query_ips: LOOPBACK,
    apm_methods: DEMO_APM_CODES,
  },
];

const accountFile = z.array(
  z.strictObject({
    merchant_id: z.string().min(1).max(7),
    account_id: z.string().min(1).max(10),
    sign_key: z.string().min(8, 'must be at least 8 characters'),
    capture: z.enum(['manual', 'auto']).default('manual'),
    query_ips: z.array(z.string().min(1)).default(LOOPBACK),
    apm_methods: z.array(z.string().min(1).max(50)).default(DEMO_APM_CODES),
  }),
);

/** Reads a `SANDBOX_ACCOUNTS` JSON file (an array of accounts); its entries override built-ins of the same account_id. */
export function loadAccounts(file?: string): Account[] {
  const byId = new Map(BUILT_IN_ACCOUNTS.map((a) => [a.account_id, a]));
  if (file) {
    const parsed = accountFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Error(
        `${file}: invalid accounts file at ${first?.path.join('.') ?? '(root)'}: ${first?.message ?? ''}`,
      );
    }
    for (const a of parsed.data) byId.set(a.account_id, a);
  }
  return [...byId.values()];
}

export type AccountLookup = (accountId: string) => Account | undefined;

export function accountLookup(accounts: readonly Account[]): AccountLookup {
  const byId = new Map(accounts.map((a) => [a.account_id, a]));
  return (accountId) => byId.get(accountId);
}

/** Is `ip` (as the socket reports it, possibly IPv4-mapped IPv6) one of the account's query IPs? */
export function isQueryIpAllowed(account: Account, ip: string | undefined): boolean {
  if (!ip) return false;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return account.query_ips.includes(plain) || account.query_ips.includes(ip);
}
