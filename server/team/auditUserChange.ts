import { writeAuditEvent } from '../orders';
import type { Db } from '../store';
import type { UserRow } from './users';
import { actorOf, type Principal } from './principal';

/** What the audit log may show of a user: never a password, hash, secret or recovery code. */
function auditedUserState(user: UserRow): { role: string; disabled: boolean; totp_enabled: boolean } {
  return { role: user.role, disabled: user.disabled_at !== null, totp_enabled: user.totp_enabled === 1 };
}

/**
 * One audit line per change of a user (created, role, disabled, password reset, 2FA), with the state before and
 * after and who did it. The actor travels in `detail.actor` until the audit table has its own column (#21).
 */
export async function auditUserChange(
  db: Db,
  change: {
    actor: Principal | string;
    what: string;
    user: UserRow;
    before: UserRow | null;
    after: UserRow | null;
    requestId?: string | undefined;
  },
  at: string,
): Promise<void> {
  const actor = typeof change.actor === 'string' ? change.actor : actorOf(change.actor);
  await writeAuditEvent(
    db,
    {
      kind: 'user',
      summary: `${change.what}: ${change.user.email}`,
      request_id: change.requestId ?? null,
      // the person who acted, also where no request names one (a password set with a one-time link): never "gateway"
      actor,
      detail: {
        actor,
        user: change.user.email,
        before: change.before ? auditedUserState(change.before) : null,
        after: change.after ? auditedUserState(change.after) : null,
      },
    },
    at,
  );
}
