import type { TeamMember } from '../../shared/contract/adminTeam';
import type { UserRow } from './users';

/** A user as the Team page and `GET /admin/api/users` show it: no hash, no secret, no recovery code. */
export function toUserView(user: UserRow, now: Date): TeamMember {
  const locked = user.locked_until !== null && Date.parse(user.locked_until) > now.getTime();
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    disabled: user.disabled_at !== null,
    totp_enabled: user.totp_enabled === 1,
    /** a password was set (a new user has only a one-time link until then) */
    password_set: user.password_hash !== null,
    failed_sign_ins: user.failed_sign_ins,
    locked_until: locked ? user.locked_until : null,
    last_sign_in_at: user.last_sign_in_at,
    created_at: user.created_at,
  };
}
