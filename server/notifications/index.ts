/** PLACEHOLDER notifications */
export { createBadSignatureHandler } from './queryOnBadSignature';
export type { OnBadSignature } from './queryOnBadSignature';
