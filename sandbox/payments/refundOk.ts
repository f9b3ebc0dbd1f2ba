/** refund_message of a refund that went through (docs/gateway-evidence.md 3). */
export const REFUND_OK = 'V0000:OK';

/** `<code>:<text>` of a refund that failed after it was received [ours: the docs show no failure text]. */
export const REFUND_FAILED = 'R0001:Refund failed: the issuer refused it';
