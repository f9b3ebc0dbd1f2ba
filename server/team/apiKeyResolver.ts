import type { AppDeps } from '../deps';
import { secretMatchesHash } from '../ids';
import { bearerOf, type PrincipalResolver } from './authenticate';
import { findActiveApiKey, touchApiKey } from './apiKeys';
import { parseApiKey } from './apiKeyFormat';
import type { Role } from '../../shared/contract/roles';
import { findUserByEmail } from './users';

/** `created_by` of a key a person made (`user:<email>`): whether that person may still make keys. */
async function creatorStillOwner(deps: Pick<AppDeps, 'store'>, createdBy: string): Promise<boolean> {
  if (!createdBy.startsWith('user:')) return true;
  const creator = await findUserByEmail(deps.store.db, createdBy.slice('user:'.length));
  return !!creator && !creator.disabled_at && creator.role === 'owner';
}

/**
 * `Authorization: Bearer ck_<role>_...`: an API key that is not revoked. The key's prefix finds its row, then the
 * whole key is checked against the stored hash in constant time. A revoked key has no active row, so it is
 * refused from the next request on, on every process. Anything that is not shaped as a key (a checksum that
 * does not match included) is not looked up at all. A key made by a person works only while that person is an
 * enabled owner (the role that makes keys): disabling or demoting them stops their keys at once, and enabling them
 * again brings the keys back (revoke a key to end it for good). Keys made with `ADMIN_TOKEN` are not tied to anyone.
 */
export function apiKeyResolver(deps: Pick<AppDeps, 'store' | 'now' | 'log'>): PrincipalResolver {
  return async function resolveApiKey(c) {
    const given = bearerOf(c);
    const parsed = given === undefined ? undefined : parseApiKey(given);
    if (!parsed) return undefined;
    const key = await findActiveApiKey(deps.store.db, parsed.prefix);
    if (!key || key.role !== parsed.role || !secretMatchesHash(given, key.secret_hash)) return undefined;
    if (!(await creatorStillOwner(deps, key.created_by))) return undefined;
    // when a key was last used is for the owner's list; failing to note it must not fail the request
    await touchApiKey(deps.store.db, key, deps.now()).catch((err: unknown) =>
      deps.log.warn({ err, key: key.prefix }, 'auth: could not record the API key as used'),
    );
    return { kind: 'key', id: key.id, role: key.role as Role, label: key.prefix };
  };
}
