import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import type { AppDeps, AppEnv } from '../deps';
import { clientIp } from '../http/clientIp';
import { hashSecret, newSecret } from '../ids';
import type { PrincipalResolver } from './authenticate';
import { findUserById, type UserRow } from './users';
import {
  deleteUserSession,
  findUserSession,
  insertUserSession,
  type UserSessionRow,
  touchUserSession,
} from './userSessions';
import type { StaffRole } from '../../shared/contract/roles';

/**
 * A signed-in person's session as a cookie (issue #22). The cookie holds a random secret; the store keeps only
 * its SHA-256, so a copy of the database signs nobody in. `HttpOnly` (no script reads it), `SameSite=Strict` (no
 * other site's page sends it), `Path=/`; in production also `Secure` with the `__Host-` prefix, which the browser
 * accepts only from HTTPS, for this exact host, and never lets a sibling subdomain set or shadow.
 *
 * A session ends after `idleMs` without a request (sliding: `last_seen_at` is written at most once a minute, so
 * reading pages costs no write each) and `absoluteMs` after signing in, whichever comes first.
 */
const TOUCH_EVERY_MS = 60_000;

/** the browser sees `__Host-admin_session` in production (the `host` prefix option adds it) */
const NAME = 'admin_session';

/** Starts a session for `user` and sets its cookie on the answer. */
export async function startUserSession(
  c: Context<AppEnv>,
  deps: AppDeps,
  user: UserRow,
  purpose: UserSessionRow['purpose'],
): Promise<void> {
  const secret = newSecret('as');
  const now = deps.now();
  const { absoluteMs } = deps.config.people;
  await insertUserSession(deps.store.db, {
    id: hashSecret(secret),
    user_id: user.id,
    purpose,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + absoluteMs).toISOString(),
    ip: clientIp(c, deps.config.trustedProxyHops) || null,
    user_agent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  });
  const production = deps.config.production;
  setCookie(c, NAME, secret, {
    httpOnly: true,
    secure: production,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.floor(absoluteMs / 1000),
    ...(production ? { prefix: 'host' as const } : {}),
  });
}

/** Ends the request's session, if any, and tells the browser to drop the cookie. */
export async function endUserSession(c: Context<AppEnv>, deps: AppDeps): Promise<void> {
  const session = c.get('userSession');
  if (session) await deleteUserSession(deps.store.db, session.id);
  forgetCookie(c, deps.config.production);
}

function forgetCookie(c: Context, production: boolean): void {
  deleteCookie(c, NAME, {
    path: '/',
    secure: production,
    ...(production ? { prefix: 'host' as const } : {}),
  });
}

function readCookie(c: Context, production: boolean): string | undefined {
  return production ? getCookie(c, NAME, 'host') : getCookie(c, NAME);
}

/**
 * The principal of a signed-in person's cookie: kind `user`, label the e-mail, role the user's. A request that
 * carries `Authorization` is a script's and is judged by its bearer credential alone (a browser cannot send that
 * header cross-origin here, so this also keeps the CSRF rule simple). A session of purpose `enrol` (an owner in
 * production without a second factor) is accepted only where `allowEnrolment` says: the routes that set one up.
 * An unknown or expired cookie is dropped from the browser.
 */
export function sessionCookie(deps: AppDeps, options: { allowEnrolment?: boolean } = {}): PrincipalResolver {
  return async function resolveSessionCookie(c) {
    if (c.req.header('authorization') !== undefined) return undefined;
    const secret = readCookie(c, deps.config.production);
    if (!secret) return undefined;
    const found = await validSession(deps, hashSecret(secret));
    if (!found) {
      forgetCookie(c, deps.config.production);
      return undefined;
    }
    const { session, user } = found;
    c.set('userSession', { id: session.id, purpose: session.purpose });
    if (session.purpose !== 'full' && !options.allowEnrolment)
      throw new ApiError(
        403,
        API_ERROR.enrolment_required,
        'set up two-factor sign-in first (Your account): until then this session can do nothing else',
      );
    return { kind: 'user', id: user.id, role: user.role as StaffRole, label: user.email };
  };
}

async function validSession(
  deps: AppDeps,
  id: string,
): Promise<{ session: UserSessionRow; user: UserRow } | undefined> {
  const { db } = deps.store;
  const session = await findUserSession(db, id);
  if (!session) return undefined;
  const now = deps.now().getTime();
  const lastSeen = Date.parse(session.last_seen_at);
  if (now >= Date.parse(session.expires_at) || now - lastSeen >= deps.config.people.idleMs) {
    await deleteUserSession(db, id);
    return undefined;
  }
  const user = await findUserById(db, session.user_id);
  if (!user || user.disabled_at) return undefined;
  if (now - lastSeen >= TOUCH_EVERY_MS) await touchUserSession(db, id, new Date(now).toISOString());
  return { session, user };
}
