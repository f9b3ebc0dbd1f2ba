import type { GatewayProfile } from '../../../shared/gateway/profile';
import type { CallOptions } from './client';
import type { GatewayOperation } from './operation';

/** How the client reaches one gateway account. */
export interface GatewayConfig {
  /** e.g. `https://gateway.example` or `http://127.0.0.1:4010`; paths `/v1/...` are appended */
  baseUrl: string;
  merchantId: string;
  accountId: string;
  /** the account's sign key (case-sensitive); signs every request and verifies responses */
  signKey: string;
  /**
   * extra keys accepted when VERIFYING notifications and returns (sign-key rotation), each before its `until`
   * if it has one
   */
  verifyKeys?: readonly (string | { key: string; until: Date | null })[];
  /** the clock that expires `verifyKeys`, in ms; default Date.now */
  now?: () => number;
  /** signed field lists and content types (docs/protocol-decisions.md 9); default the shared DEFAULT_PROFILE */
  profile?: GatewayProfile;
  /** per attempt, for every call; default 15000 */
  timeoutMs?: number;
  /** per attempt, for query and retrievalRefund; default `timeoutMs` */
  queryTimeoutMs?: number;
  /**
   * refuse to fetch an issuer_url whose host resolves to a private, loopback or link-local address (on in
   * production; off by default, since the sandbox serves its issuer page on loopback)
   */
  publicIssuerHostsOnly?: boolean;
  /** retries of the calls that may be retried (see core/retryPolicy.ts) */
  retry?: { maxRetries?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** a fetch to send through instead of Node's http client (keep-alive), e.g. to inject a fault in tests */
  fetch?: typeof fetch;
  /**
   * called for every HTTP attempt, for the audit log; secrets already masked. `call` is what the caller passed
   * to the operation: with `call.collect` the caller keeps the record itself (see CallOptions).
   */
  onCall?: (record: GatewayCallRecord, call: CallOptions) => void;
}

/** One HTTP exchange with the gateway, safe to store: signatures and personal identifiers are masked. */
export interface GatewayCallRecord {
  operation: GatewayOperation;
  method: 'GET' | 'POST';
  url: string;
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
  /** masked request fields (JSON-encoded object fields stay as sent, masked inside) */
  request?: Record<string, unknown>;
  httpStatus?: number;
  /** masked response text, truncated; HTML pages are summarised, not copied */
  response?: string;
  outcome: 'ok' | 'rejected' | 'timeout' | 'unavailable' | 'protocol';
  /** the gateway's error code when it gave one */
  errorCode?: string;
  durationMs: number;
  startedAt: string;
}
