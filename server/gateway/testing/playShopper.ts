/** The shopper's browser against the sandbox, for tests: one place for it, shared/sandbox/playShopper.ts. */
export { payByCard, pressIssuerButton, type Returned } from '../../../shared/sandbox/playShopper';
