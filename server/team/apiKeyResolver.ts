import type { AppDeps } from '../deps';
import { secretMatchesHash } from '../ids';
import { bearerOf, type PrincipalResolver } from './authenticate';
import { findActiveApiKey, touchApiKey } from './apiKeys';
import { parseApiKey } from './apiKeyFormat';
import type { Role } from '../../shared/contract/roles';

/**
 * `Authorization: Bearer ck_<role>_...`: an API key that is not revoked. The key's prefix finds its row, then the
 * whole key is checked against the stored hash in constant time. A revoked key has no active row, so it is
 * refused from the next request on, on every process. Anything that is not shaped as a key (a checksum that
 * does not match included) is not looked up at all.
 */
export function apiKeyResolver(deps: Pick<AppDeps, 'store' | 'now' | 'log'>): PrincipalResolver {
  return async function resolveApiKey(c) {
    const given = bearerOf(c);
    const parsed = given === undefined ? undefined : parseApiKey(given);
    if (!parsed) return undefined;
    const key = await findActiveApiKey(deps.store.db, parsed.prefix);
    if (!key || key.role !== parsed.role || !secretMatchesHash(given, key.secret_hash)) return undefined;
    // when a key was last used is for the owner's list; failing to note it must not fail the request
    await touchApiKey(deps.store.db, key, deps.now()).catch((err: unknown) =>
      deps.log.warn({ err, key: key.prefix }, 'auth: could not record the API key as used'),
    );
    return { kind: 'key', id: key.id, role: key.role as Role, label: key.prefix };
  };
}
