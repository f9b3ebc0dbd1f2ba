import type { GatewayProfile } from '../../../shared/gateway/profile';
import type { CallGateway } from '../core/callGateway';

/** What every operation module needs: the account, its keys, the wire profile, the time limits and the transport. */
export interface OperationContext {
  merchantId: string;
  accountId: string;
  signKey: string;
  /** signKey first, then the rotation keys not expired yet: every key a notification or return may be signed with */
  verifyKeys(): readonly string[];
  /** signed field lists and content types (docs/protocol-decisions.md 9) */
  profile: GatewayProfile;
  timeoutMs: number;
  /** refuse to fetch an issuer_url whose host is not a public address (GatewayConfig.publicIssuerHostsOnly) */
  publicIssuerHostsOnly?: boolean;
  queryTimeoutMs: number;
  /** absolute URL of a gateway path such as `/v1/checkout` */
  url(path: string): string;
  call: CallGateway;
}
