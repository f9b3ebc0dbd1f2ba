import type { Role } from '../../shared/contract/roles';

/**
 * Who is making a request, once authenticated: a person signed in with a cookie (`user`), an API key (`key`), or
 * one of the secrets from the environment that predate keys (`env`: `ADMIN_TOKEN` acts as an owner key,
 * `SHOP_SECRET` as a shop-server key). Never holds the secret itself: `label` is what the audit log shows.
 */
export interface Principal {
  kind: 'user' | 'key' | 'env';
  /** the user's id, the key's id, or the variable's name */
  id: string;
  role: Role;
  /** for people their e-mail, for keys their prefix and name: safe to log and show */
  label: string;
}

/** The audit log's `actor` for a principal: `user:<email>`, `key:<prefix>`, `env:ADMIN_TOKEN`. */
export function actorOf(principal: Principal): string {
  return `${principal.kind}:${principal.label}`;
}
