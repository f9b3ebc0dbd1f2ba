/**
 * `@checkout/node`: the typed client of the merchant backend for a shop's own server (issue #21, packaged in #34).
 * Importing it sends nothing. How to use it: packages/node/README.md. This entry adds the synchronous
 * verifyShopEvent (`node:crypto`: Node, Deno, Bun) to web.ts, the entry for runtimes without Node's builtins.
 */
export * from './web';
export { verifyShopEvent } from './verifyShopEvent';
