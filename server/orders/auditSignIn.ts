import type { Db } from '../store';
import { writeAuditEvent } from './auditEvents';

/** How one sign-in ended, as the audit log tells it. */
export type SignInAudit =
  | { ok: true; email: string; enrolOnly: boolean }
  | { ok: false; reason: 'refused' | 'throttled'; email: string | null };

/**
 * One audit line per sign-in, successful or refused (issue #32): a person's line (its actor is the person, or for
 * a refused one the address it came from), never the password or the code. A refused one names the account only
 * when one exists with that e-mail: what was typed into the e-mail field is never echoed (a password typed there by
 * mistake stays out of the log).
 */
export async function auditSignIn(db: Db, outcome: SignInAudit, address: string, requestId?: string): Promise<void> {
  if (outcome.ok) {
    await writeAuditEvent(db, {
      kind: 'sign_in',
      summary: outcome.enrolOnly
        ? `${outcome.email} signed in (to set up two-factor sign-in only)`
        : `${outcome.email} signed in`,
      actor: `user:${outcome.email}`,
      request_id: requestId ?? null,
      detail: { user: outcome.email, address, outcome: 'signed_in' },
    });
    return;
  }
  const who = outcome.email ?? 'an unknown e-mail';
  await writeAuditEvent(db, {
    kind: 'sign_in_failed',
    summary:
      outcome.reason === 'throttled'
        ? `sign-in as ${who} refused: too many attempts from ${address}`
        : `sign-in as ${who} refused from ${address}`,
    actor: `ip:${address}`,
    request_id: requestId ?? null,
    detail: { user: outcome.email, address, outcome: outcome.reason },
  });
}
