/**
 * The owner's team: people, roles, passwords, two-factor sign-in, sessions and API keys, and the middleware that
 * authenticates a request and checks a permission. Routes in routes/: the admin API's account, users and keys.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { currentActor } from './actorContext';
export { bearerCredentials } from './credentials';
export { actorOf } from './principal';
export type { Principal } from './principal';
export { sessionCookie } from './sessionCookie';
export { authenticate, principalOf, requirePermission } from './authenticate';
export { forShopCaller } from './forShopCaller';
