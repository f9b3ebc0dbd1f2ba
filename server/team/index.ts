/** PLACEHOLDER team */
export { currentActor, runAsActor } from './actorContext';
export { bearerCredentials } from './credentials';
export { actorOf } from './principal';
export type { Principal } from './principal';
export { sessionCookie } from './sessionCookie';
export { authenticate, bearerOf, principalOf, requirePermission } from './authenticate';
