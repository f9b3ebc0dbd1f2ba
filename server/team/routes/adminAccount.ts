import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type {
  Me,
  PasswordChanged,
  SignedOutEverywhere,
  TotpConfirmed,
  TotpEnrolment,
  Welcomed,
} from '../../../shared/contract/adminTeam';
import { API_ERROR } from '../../../shared/contract/errors';
import { ApiError } from '../../apiError';
import { auditUserChange } from '../auditUserChange';
import { checkPassword } from '../checkPassword';
import { bearerCredentials } from '../credentials';
import { hashPassword, verifyPassword } from '../passwordHash';
import type { Principal } from '../principal';
import { newRecoveryCodes } from '../recoveryCodes';
import { permissionsOf } from '../../../shared/contract/roles';
import { endUserSession, sessionCookie, startUserSession } from '../sessionCookie';
import { signIn, totpSeal } from '../signIn';
import { checkTotp, newTotpSecret, totpEnrolment } from '../totp';
import type { AppDeps, AppEnv } from '../../deps';
import { hashSecret } from '../../ids';
import { clientIp } from '../../http/clientIp';
import { parseWith, readJson } from '../../http/readJsonBody';
import { authenticate, principalOf } from '../authenticate';
import { findOpenSignInLink, takeSignInLink } from '../signInLinks';
import { deleteSessionsOfUser, setUserSessionPurpose } from '../userSessions';
import { findUserByEmail, findUserById, type UserRow, updateUser } from '../users';
import { describeRequest } from '../../http/describeRequest';
import { auditSignIn } from '../../orders';

const signInBody = z.strictObject({
  email: z.string({ error: 'is required' }).min(1, 'is required').max(320, 'must be at most 320 characters'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
  code: z.string().max(40, 'must be at most 40 characters').optional(),
});
const welcomeBody = z.strictObject({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
  password: z.unknown(),
});
const passwordBody = z.strictObject({
  current_password: z.string({ error: 'is required' }).max(200, 'must be at most 200 characters'),
  new_password: z.unknown(),
});
const codeBody = z.strictObject({ code: z.string({ error: 'is required' }).max(40, 'must be at most 40 characters') });

/** One answer for every refused sign-in: it never says which part was wrong, or that the account is locked. */
const REFUSED_MESSAGE =
  'the e-mail, password or code was not accepted (after repeated failures an account is locked for a while)';

/**
 * The signed-in person's own routes (issue #22), mounted before the admin API's `authenticate` because some need
 * no session (sign-in, the one-time link) and some accept a session that may only enrol a second factor:
 *
 * - `POST /sign-in {email, password, code?}` sets the session cookie; `POST /welcome {token, password}` spends a
 *   one-time link to set a password (then the page signs in as usual);
 * - `POST /sign-out`, `POST /sign-out-everywhere` (every session of this person);
 * - `GET /me`: who the caller is and what the role may do, for the page to show only what it may use;
 * - `POST /me/totp` (a new secret, its otpauth URL and QR code; not on yet), `POST /me/totp/confirm {code}` (on,
 *   with ten recovery codes shown once), `POST /me/password {current_password, new_password}`.
 */
export function accountRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const anyone = authenticate(
    [...bearerCredentials(deps), sessionCookie(deps, { allowEnrolment: true })],
    'admin token',
  );
  const person: MiddlewareHandler<AppEnv> = async function signedInPerson(c, next) {
    if (principalOf(c).kind !== 'user')
      throw new ApiError(403, API_ERROR.forbidden, 'only a signed-in person has an account (not an API key)');
    await next();
  };
  const me = async (c: Context<AppEnv>): Promise<UserRow> => {
    const user = await findUserById(db, principalOf(c).id);
    if (!user) throw new ApiError(401, API_ERROR.unauthorized, 'the session ended');
    return user;
  };
  const at = () => deps.now().toISOString();

  return new Hono<AppEnv>()
    .post('/sign-in', describeRequest({ body: signInBody }), async (c) => {
      const body = parseWith(signInBody, (await readJson(c)).value);
      const address = clientIp(c, deps.config.trustedProxyHops);
      const outcome = await signIn(deps, body, address);
      // every sign-in and refusal is an audit line, never with the password or the code; `code_required` is the
      // first step of a two-factor sign-in, neither. Written beside the answer, not before it (as the gateway's
      // calls are, server/createGateway.ts): a burst of sign-ins waits for its password checks, not for the log
      if (outcome.ok || outcome.reason !== 'code_required') {
        const requestId = c.get('requestId');
        const audit = async () =>
          auditSignIn(
            db,
            outcome.ok
              ? { ok: true, email: outcome.user.email, enrolOnly: outcome.purpose === 'enrol' }
              : {
                  ok: false,
                  reason: outcome.reason === 'throttled' ? 'throttled' : 'refused',
                  email: (await findUserByEmail(db, body.email))?.email ?? null,
                },
            address,
            requestId,
          );
        audit().catch((err: unknown) => deps.log.error({ err }, 'audit: could not record a sign-in'));
      }
      if (!outcome.ok) {
        if (outcome.reason === 'throttled') {
          const retryAfter = String(outcome.retryAfterS);
          throw new ApiError(
            429,
            API_ERROR.rate_limited,
            `too many sign-in attempts from this address, try again in ${Math.ceil(outcome.retryAfterS / 60)} min`,
            undefined,
            { 'Retry-After': retryAfter },
          );
        }
        if (outcome.reason === 'code_required')
          throw new ApiError(401, API_ERROR.code_required, 'enter the code from your authenticator app', [
            { path: 'code', message: 'is required' },
          ]);
        throw new ApiError(401, API_ERROR.unauthorized, REFUSED_MESSAGE);
      }
      await startUserSession(c, deps, outcome.user, outcome.purpose);
      const principal: Principal = {
        kind: 'user',
        id: outcome.user.id,
        role: outcome.user.role as Principal['role'],
        label: outcome.user.email,
      };
      return c.json<Me>(meView(principal, outcome.user, outcome.purpose === 'enrol'));
    })
    .post('/welcome', describeRequest({ body: welcomeBody }), async (c) => {
      const body = parseWith(welcomeBody, (await readJson(c)).value);
      const linkId = hashSecret(body.token);
      const spentLink = () =>
        new ApiError(400, API_ERROR.invalid_request, 'token: this link was used already or has expired', [
          { path: 'token', message: 'was used already or has expired; ask an owner for a new link' },
        ]);
      const userId = await findOpenSignInLink(db, linkId, at());
      const user = userId ? await findUserById(db, userId) : undefined;
      if (!user || user.disabled_at) throw spentLink();
      // the password is checked before the link is spent, so a too-short one can be corrected
      const password = checkPassword(body.password, 'password', user.email);
      if ((await takeSignInLink(db, linkId, at())) !== user.id) throw spentLink();
      await updateUser(db, user.id, {
        password_hash: await hashPassword(password, deps.config.people.passwordScryptN),
        failed_sign_ins: 0,
        locked_until: null,
        updated_at: at(),
      });
      await deleteSessionsOfUser(db, user.id);
      await auditUserChange(
        db,
        { actor: `user:${user.email}`, what: 'password set with a one-time link', user, before: user, after: user },
        at(),
      );
      return c.json<Welcomed>({ email: user.email });
    })
    .post('/sign-out', anyone, async (c) => {
      await endUserSession(c, deps);
      return c.body(null, 204);
    })
    .post('/sign-out-everywhere', anyone, person, async (c) => {
      const ended = await deleteSessionsOfUser(db, principalOf(c).id);
      await endUserSession(c, deps);
      return c.json<SignedOutEverywhere>({ ended });
    })
    .get('/me', anyone, async (c) => {
      const principal = principalOf(c);
      const user = principal.kind === 'user' ? await me(c) : undefined;
      return c.json<Me>(meView(principal, user, c.get('userSession')?.purpose === 'enrol'));
    })
    .post('/me/totp', anyone, person, async (c) => {
      const user = await me(c);
      if (user.totp_enabled)
        throw new ApiError(
          409,
          API_ERROR.conflict,
          'two-factor sign-in is on already; an owner can reset it to enrol a new device',
        );
      const secret = newTotpSecret();
      await updateUser(db, user.id, { totp_pending: totpSeal(deps.config.tokenKey).seal(secret), updated_at: at() });
      const { uri, qrSvg } = await totpEnrolment(secret, user.email);
      return c.json<TotpEnrolment>({ secret, otpauth_url: uri, qr_svg: qrSvg });
    })
    .post('/me/totp/confirm', describeRequest({ body: codeBody }), anyone, person, async (c) => {
      const { code } = parseWith(codeBody, (await readJson(c)).value);
      const user = await me(c);
      if (!user.totp_pending || user.totp_enabled)
        throw new ApiError(409, API_ERROR.conflict, 'start the enrolment first (POST /admin/api/me/totp)');
      const seal = totpSeal(deps.config.tokenKey);
      const secret = seal.open(user.totp_pending);
      const step = checkTotp(secret, code.trim(), deps.now().getTime(), null);
      if (step === null)
        throw new ApiError(400, API_ERROR.invalid_request, 'code: not the current code of the authenticator app', [
          { path: 'code', message: 'is not the current code; check the phone’s clock and try the next one' },
        ]);
      const recovery = newRecoveryCodes();
      await updateUser(db, user.id, {
        totp_secret: user.totp_pending,
        totp_pending: null,
        totp_enabled: 1,
        totp_last_step: step,
        recovery_codes: JSON.stringify(recovery.hashes),
        updated_at: at(),
      });
      const session = c.get('userSession');
      // the second factor is proven: a session that could only enrol may now do what the role may
      if (session?.purpose === 'enrol') await setUserSessionPurpose(db, session.id, 'full');
      const after = (await findUserById(db, user.id))!;
      await auditUserChange(
        db,
        {
          actor: principalOf(c),
          what: 'two-factor sign-in on',
          user,
          before: user,
          after,
          requestId: c.get('requestId'),
        },
        at(),
      );
      return c.json<TotpConfirmed>({ totp_enabled: true, recovery_codes: recovery.codes });
    })
    .post('/me/password', describeRequest({ body: passwordBody }), anyone, person, async (c) => {
      const body = parseWith(passwordBody, (await readJson(c)).value);
      const user = await me(c);
      if (!user.password_hash || !(await verifyPassword(body.current_password, user.password_hash)))
        throw new ApiError(400, API_ERROR.invalid_request, 'current_password: not your current password', [
          { path: 'current_password', message: 'is not your current password' },
        ]);
      const password = checkPassword(body.new_password, 'new_password', user.email);
      await updateUser(db, user.id, {
        password_hash: await hashPassword(password, deps.config.people.passwordScryptN),
        updated_at: at(),
      });
      // a changed password signs out every other browser; this one signs in again with it
      await deleteSessionsOfUser(db, user.id);
      await startUserSession(c, deps, user, c.get('userSession')?.purpose ?? 'full');
      await auditUserChange(
        db,
        {
          actor: principalOf(c),
          what: 'password changed',
          user,
          before: user,
          after: user,
          requestId: c.get('requestId'),
        },
        at(),
      );
      return c.json<PasswordChanged>({ changed: true });
    });
}

/** `GET /admin/api/me`: what the page needs to show the controls the role may use, and nothing secret. */
function meView(principal: Principal, user: UserRow | undefined, enrolmentOnly: boolean): Me {
  return {
    kind: principal.kind,
    label: principal.label,
    role: principal.role,
    permissions: enrolmentOnly ? [] : permissionsOf(principal.role),
    totp_enabled: user?.totp_enabled === 1,
    /** an owner in production without a second factor: this session may only set one up */
    enrolment_required: enrolmentOnly,
  };
}
