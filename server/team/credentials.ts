import type { AppDeps } from '../deps';
import { environmentSecrets, type PrincipalResolver } from './authenticate';
import { apiKeyResolver } from './apiKeyResolver';

/**
 * How a server-to-server caller proves who it is, in the order they are tried: the secrets from the environment
 * (`ADMIN_TOKEN`, `SHOP_SECRET`; compared in memory, so the shop's session calls cost no database read), then API
 * keys. Every route that takes a bearer credential uses this one list, so a new kind of credential is added here
 * once. The admin API adds the signed-in person's cookie to it.
 */
export function bearerCredentials(deps: AppDeps): PrincipalResolver[] {
  return [environmentSecrets(deps.config), apiKeyResolver(deps)];
}
