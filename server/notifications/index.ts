/**
 * The gateway's notification receiver (`POST /hooks/gateway`, routes/hooks.ts): verifies, records each
 * notification once and hands it to the domain it names; a bad signature leads to a query, never to a state
 * change.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { createBadSignatureHandler } from './queryOnBadSignature';
export type { OnBadSignature } from './queryOnBadSignature';
