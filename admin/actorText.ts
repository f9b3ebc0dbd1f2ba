/**
 * Who did it, in words: a person by their e-mail, an API key by its prefix, the admin token, the address a refused
 * sign-in came from; the same words on the order page and in the audit log. Anything else is shown as it is.
 */
export function actorText(actor: string): string {
  if (actor.startsWith('user:')) return actor.slice('user:'.length);
  if (actor.startsWith('key:')) return `API key ${actor.slice('key:'.length)}`;
  if (actor.startsWith('ip:')) return `someone at ${actor.slice('ip:'.length)}`;
  if (actor === 'env:ADMIN_TOKEN') return 'the admin token';
  return actor;
}
