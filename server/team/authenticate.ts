import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { runAsActor } from './actorContext';
import { actorOf, type Principal } from './principal';
import { can, type Permission } from '../../shared/contract/roles';
import type { AppEnv } from '../deps';
import { secretEquals } from '../ids';

/**
 * Finds who sent a request, or `undefined` when this resolver's kind of credential is absent or wrong. Each
 * kind (environment secrets, API keys, a signed-in person's cookie) is one resolver; `authenticate` tries them in
 * order.
 */
export type PrincipalResolver = (c: Context<AppEnv>) => Promise<Principal | undefined> | Principal | undefined;

/** The secret of `Authorization: Bearer <secret>`, if there is one. */
export function bearerOf(c: Context): string | undefined {
  return /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
}

/**
 * The secrets from the environment that predate keys, compared in constant time: `ADMIN_TOKEN` acts as an owner
 * key, `SHOP_SECRET` as a shop-server key (it can create sessions and read orders, nothing else).
 */
export function environmentSecrets(secrets: { adminToken: string | null; shopSecret: string }): PrincipalResolver {
  return function resolveEnvironmentSecret(c) {
    const given = bearerOf(c);
    if (given === undefined) return undefined;
    if (secrets.adminToken !== null && secretEquals(given, secrets.adminToken)) {
      return { kind: 'env', id: 'ADMIN_TOKEN', role: 'owner', label: 'ADMIN_TOKEN' };
    }
    if (secretEquals(given, secrets.shopSecret)) {
      return { kind: 'env', id: 'SHOP_SECRET', role: 'shop', label: 'SHOP_SECRET' };
    }
    return undefined;
  };
}

/**
 * Sets `c.var.principal` from the first resolver that recognises the request, or answers 401 without saying what
 * was wrong, and runs the rest of the request as that actor (every audit line it writes names it). Which role may
 * do what is decided afterwards, per route, by `requirePermission`.
 */
export function authenticate(resolvers: readonly PrincipalResolver[], realm: string): MiddlewareHandler<AppEnv> {
  return async function authenticateMiddleware(c, next) {
    for (const resolve of resolvers) {
      const principal = await resolve(c);
      if (principal) {
        c.set('principal', principal);
        await runAsActor(actorOf(principal), next);
        return;
      }
    }
    throw new ApiError(
      401,
      API_ERROR.unauthorized,
      `a valid "Authorization: Bearer <${realm}>" header is required`,
      undefined,
      { 'WWW-Authenticate': `Bearer realm="${realm}"` },
    );
  };
}

/** The authenticated principal; only valid behind `authenticate`. */
export function principalOf(c: Context<AppEnv>): Principal {
  const principal = c.get('principal');
  if (!principal) throw new Error('principalOf used on a route without authenticate()');
  return principal;
}

/** 403 naming the permission unless the principal's role holds it (shared/contract/roles.ts is the table). */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async function requirePermissionMiddleware(c, next) {
    const principal = principalOf(c);
    if (!can(principal.role, permission)) {
      throw new ApiError(403, API_ERROR.forbidden, `the ${principal.role} role may not do this (${permission})`);
    }
    await next();
  };
}
