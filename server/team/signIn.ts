import type { AppDeps } from '../deps';
import { hashSecret } from '../ids';
import { writeAuditEvent } from '../orders';
import { findUserByEmail, type UserRow, updateUser } from './users';
import { dummyPasswordHash, verifyPassword } from './passwordHash';
import { normalizeRecoveryCode } from './recoveryCodes';
import { cardTokenSeal } from '../store';
import { checkTotp } from './totp';

export type SignInOutcome =
  | { ok: true; user: UserRow; purpose: 'full' | 'enrol' }
  /** the password was right; the second factor is missing */
  | { ok: false; reason: 'code_required' }
  /** anything else: one answer whatever was wrong (unknown e-mail, password, code, disabled, locked) */
  | { ok: false; reason: 'refused' };

/** Lock-outs grow: 15 min, 30 min, 1 h, ... but never past a day, so an owner is never locked out for good. */
const MAX_LOCK_MS = 24 * 3_600_000;

/** The key TOTP secrets are sealed with: TOKEN_KEY, under a purpose of their own (cardTokenSeal.ts). */
export function totpSeal(tokenKey: string) {
  return cardTokenSeal(tokenKey, 'checkout totp secrets');
}

/**
 * Checks an e-mail, password and (when the person has 2FA) a TOTP or recovery code.
 *
 * Every path runs one scrypt check (a dummy hash for an unknown e-mail), so time says nothing about who has an
 * account. A locked, disabled or unknown account gets the same `refused` as a wrong password, and a locked one is
 * checked the same way but never told the password was right, so guessing on during a lock-out learns nothing.
 * `lockAfter` failures in a row lock the account for `lockMs`, twice as long each further run, and tell the owners
 * (an audit line, which the Team page shows, and an error log line). A success clears the count.
 *
 * Owners need a second factor in production: one without it gets a session that can only enrol one (`enrol`).
 */
export async function signIn(
  deps: AppDeps,
  given: { email: string; password: string; code?: string | undefined },
): Promise<SignInOutcome> {
  const { db } = deps.store;
  const user = await findUserByEmail(db, given.email);
  const passwordRight =
    (await verifyPassword(given.password, user?.password_hash ?? (await dummyPasswordHash()))) && !!user?.password_hash;
  if (!user || user.disabled_at) return { ok: false, reason: 'refused' };
  const now = deps.now();
  if (user.locked_until && Date.parse(user.locked_until) > now.getTime()) return { ok: false, reason: 'refused' };
  if (!passwordRight) return failed(deps, user, now);

  const patch: Parameters<typeof updateUser>[2] = {};
  if (user.totp_enabled) {
    const code = given.code?.trim();
    if (!code) return { ok: false, reason: 'code_required' };
    const step = user.totp_secret
      ? checkTotp(totpSeal(deps.config.tokenKey).open(user.totp_secret), code, now.getTime(), user.totp_last_step)
      : null;
    if (step !== null) patch.totp_last_step = step;
    else {
      const hashes: string[] = JSON.parse(user.recovery_codes ?? '[]');
      const left = hashes.filter((h) => h !== hashSecret(normalizeRecoveryCode(code)));
      if (left.length === hashes.length) return failed(deps, user, now);
      patch.recovery_codes = JSON.stringify(left);
      await writeAuditEvent(
        db,
        {
          kind: 'user',
          summary: `recovery code used: ${user.email} (${left.length} left)`,
          detail: { actor: `user:${user.email}`, user: user.email, recovery_codes_left: left.length },
        },
        now.toISOString(),
      );
    }
  }
  await updateUser(db, user.id, {
    ...patch,
    failed_sign_ins: 0,
    locked_until: null,
    last_sign_in_at: now.toISOString(),
  });
  const purpose = user.role === 'owner' && deps.config.production && !user.totp_enabled ? 'enrol' : 'full';
  return { ok: true, user, purpose };
}

async function failed(deps: AppDeps, user: UserRow, now: Date): Promise<SignInOutcome> {
  const { db } = deps.store;
  const { lockAfter, lockMs } = deps.config.people;
  // counted in SQL, so failures at the same moment are all counted
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_sign_ins: eb('failed_sign_ins', '+', 1) }))
    .where('id', '=', user.id)
    .returning('failed_sign_ins')
    .executeTakeFirstOrThrow();
  const failures = Number(row.failed_sign_ins);
  if (failures % lockAfter === 0) {
    const runs = failures / lockAfter;
    const until = new Date(now.getTime() + Math.min(MAX_LOCK_MS, lockMs * 2 ** (runs - 1))).toISOString();
    await updateUser(db, user.id, { locked_until: until });
    const summary = `${failures} failed sign-ins for ${user.email}, locked until ${until}`;
    await writeAuditEvent(
      db,
      { kind: 'user_locked', summary, detail: { user: user.email, failed_sign_ins: failures, locked_until: until } },
      now.toISOString(),
    );
    deps.log.error({ user: user.email, failed_sign_ins: failures, locked_until: until }, summary);
  }
  return { ok: false, reason: 'refused' };
}
