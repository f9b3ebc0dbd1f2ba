/**
 * People who sign in to the admin page (issue #22), as tests need them: added by an owner over the admin API
 * (the backend's admin token), given a password through their one-time link, signed in with a cookie. Cookie
 * requests carry the backend's own Origin, as the admin page's do; a test of CSRF passes another.
 */
import { adminTokenOf, type BackendRef, urlOf } from './backendRef';
import { callJson } from './shopClient';

export interface Person {
  id: string;
  email: string;
  password: string;
  role: string;
}

/** The one-time token of a sign-in link (`.../admin/#/welcome?token=...`). */
function linkToken(url: string): string {
  const token = new URLSearchParams(new URL(url).hash.split('?')[1] ?? '').get('token');
  if (!token) throw new Error(`no token in the sign-in link ${url}`);
  return token;
}

/** Adds a person with `role` and sets their password through the link, as they would on the welcome page. */
export async function addPerson(
  backend: BackendRef,
  person: { email: string; role: string; password?: string },
): Promise<Person> {
  const password = person.password ?? `pw-${person.email}-long-enough`;
  const added = await callJson(`${urlOf(backend)}/admin/api/users`, {
    body: { email: person.email, role: person.role },
    headers: { Authorization: `Bearer ${adminTokenOf(backend)}` },
  });
  if (added.status !== 201) throw new Error(`user not added: ${added.status} ${JSON.stringify(added.body)}`);
  const welcome = await personCall(backend, null, '/welcome', {
    body: { token: linkToken(added.body.sign_in_link.url), password },
  });
  if (welcome.status !== 200) throw new Error(`password not set: ${welcome.status} ${JSON.stringify(welcome.body)}`);
  return { id: added.body.user.id, email: person.email, password, role: person.role };
}

/** `/admin/api<path>` with a session cookie (or none), from the admin page's origin unless `origin` says. */
export function personCall(
  backend: BackendRef,
  cookie: string | null,
  path: string,
  init: { method?: string; body?: unknown; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const origin = init.origin === undefined ? new URL(urlOf(backend)).origin : init.origin;
  return callJson(`${urlOf(backend)}/admin/api${path}`, {
    ...(init.method ? { method: init.method } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(origin ? { Origin: origin } : {}), ...init.headers },
  });
}

/** The `name=value` of the session cookie a response set, or null. */
function sessionCookieOf(headers: Headers): string | null {
  const set = headers.getSetCookie().find((c) => /admin_session=/.test(c));
  const pair = set?.split(';')[0];
  return pair && !pair.endsWith('=') ? pair : null;
}

/** Signs in; the answer and the session cookie it set (null when refused). */
export async function signInPerson(
  backend: BackendRef,
  given: { email: string; password: string; code?: string },
): Promise<{ status: number; body: any; headers: Headers; cookie: string | null }> {
  const body = { email: given.email, password: given.password, ...(given.code ? { code: given.code } : {}) };
  const res = await personCall(backend, null, '/sign-in', { body });
  return { ...res, cookie: res.status === 200 ? sessionCookieOf(res.headers) : null };
}
