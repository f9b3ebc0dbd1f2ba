import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { TeamList, TeamMemberChanged, TeamMemberWithLink } from '../../../shared/contract/adminTeam';
import { API_ERROR } from '../../../shared/contract/errors';
import { ApiError } from '../../apiError';
import { auditUserChange } from '../auditUserChange';
import { createUser, newUserFields } from '../createUser';
import { STAFF_ROLES } from '../../../shared/contract/roles';
import { issueSignInLink } from '../signInLink';
import { toUserView } from '../toUserView';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { principalOf, requirePermission } from '../authenticate';
import { deleteSessionsOfUser } from '../userSessions';
import { countEnabledOwners, findUserById, listUsers, type UserRow, updateUser } from '../users';
import { describeRequest } from '../../http/describeRequest';

const changeBody = z
  .strictObject({
    role: z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` }).optional(),
    disabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'give role or disabled');

/**
 * The team (owners only, `team.manage`): `GET /admin/api/users`, `POST` (a new person, answered with a one-time
 * link to set a password), `PATCH /:id {role?, disabled?}`, `POST /:id/reset-password` (a new one-time link; the
 * old password stops working), `POST /:id/reset-2fa`, `POST /:id/unlock`. Each change ends the person's
 * sessions where it changes what they may do, and writes an audit line with the state before and after. The
 * last enabled owner can be neither demoted nor disabled: someone must be able to manage the team.
 */
export function userRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const at = () => deps.now().toISOString();
  const target = async (c: Context<AppEnv>): Promise<UserRow> => {
    const user = await findUserById(db, c.req.param('id') ?? '');
    if (!user) throw new ApiError(404, API_ERROR.not_found, 'no such user');
    return user;
  };
  const audit = async (c: Context<AppEnv>, what: string, before: UserRow | null, after: UserRow) =>
    auditUserChange(
      db,
      { actor: principalOf(c), what, user: after, before, after, requestId: c.get('requestId') },
      at(),
    );

  return new Hono<AppEnv>()
    .use(requirePermission('team.manage'))
    .get('/', async (c) => {
      const now = deps.now();
      return c.json<TeamList>({ users: (await listUsers(db)).map((u) => toUserView(u, now)) });
    })
    .post('/', describeRequest({ body: newUserFields }), async (c) => {
      const fields = parseWith(newUserFields, (await readJson(c)).value);
      const user = await createUser(db, fields, deps.now());
      const link = await issueSignInLink(db, user.id, deps.config.publicUrl, deps.now());
      await audit(c, 'user added', null, user);
      return c.json<TeamMemberWithLink>(
        { user: toUserView(user, deps.now()), sign_in_link: { url: link.url, expires_at: link.expiresAt } },
        201,
      );
    })
    .patch('/:id', describeRequest({ body: changeBody }), async (c) => {
      const change = parseWith(changeBody, (await readJson(c)).value);
      const before = await target(c);
      const losesOwner =
        before.role === 'owner' &&
        !before.disabled_at &&
        ((change.role !== undefined && change.role !== 'owner') || change.disabled === true);
      if (losesOwner && (await countEnabledOwners(db)) <= 1)
        throw new ApiError(409, API_ERROR.conflict, 'this is the last owner: add another owner first');
      await updateUser(db, before.id, {
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.disabled !== undefined
          ? { disabled_at: change.disabled ? (before.disabled_at ?? at()) : null }
          : {}),
        updated_at: at(),
      });
      // a session carries the role it was opened with only as long as the row says so; ending it is plainer
      await deleteSessionsOfUser(db, before.id);
      const after = (await findUserById(db, before.id))!;
      await audit(
        c,
        change.disabled === undefined ? 'role changed' : change.disabled ? 'user disabled' : 'user enabled',
        before,
        after,
      );
      return c.json<TeamMemberChanged>({ user: toUserView(after, deps.now()) });
    })
    .post('/:id/reset-password', async (c) => {
      const before = await target(c);
      await updateUser(db, before.id, { password_hash: null, updated_at: at() });
      await deleteSessionsOfUser(db, before.id);
      const link = await issueSignInLink(db, before.id, deps.config.publicUrl, deps.now());
      const after = (await findUserById(db, before.id))!;
      await audit(c, 'password reset', before, after);
      return c.json<TeamMemberWithLink>({
        user: toUserView(after, deps.now()),
        sign_in_link: { url: link.url, expires_at: link.expiresAt },
      });
    })
    .post('/:id/reset-2fa', async (c) => {
      const before = await target(c);
      await updateUser(db, before.id, {
        totp_secret: null,
        totp_pending: null,
        totp_enabled: 0,
        totp_last_step: null,
        recovery_codes: null,
        updated_at: at(),
      });
      await deleteSessionsOfUser(db, before.id);
      const after = (await findUserById(db, before.id))!;
      await audit(c, 'two-factor sign-in reset', before, after);
      return c.json<TeamMemberChanged>({ user: toUserView(after, deps.now()) });
    })
    .post('/:id/unlock', async (c) => {
      const before = await target(c);
      await updateUser(db, before.id, { failed_sign_ins: 0, locked_until: null, updated_at: at() });
      const after = (await findUserById(db, before.id))!;
      await audit(c, 'sign-in lock lifted', before, after);
      return c.json<TeamMemberChanged>({ user: toUserView(after, deps.now()) });
    });
}
