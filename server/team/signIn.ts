import { sql } from 'kysely';
import type { AppDeps } from '../deps';
import { hashSecret } from '../ids';
import { writeAuditEvent } from '../orders';
import { findUserByEmail, type UserRow, updateUser } from './users';
import { dummyPasswordHash, verifyPassword } from './passwordHash';
import { normalizeRecoveryCode } from './recoveryCodes';
import { cardTokenSeal } from '../store';
import { checkTotp } from './totp';
import { releaseSignIn, reserveSignIn } from './signInBudget';

export type SignInOutcome =
  | { ok: true; user: UserRow; purpose: 'full' | 'enrol' }
  /**
   * the account has a second factor and no code came: said whether the password was right or not, so this answer
   * tells nothing about the password (both are judged together at the next step)
   */
  | { ok: false; reason: 'code_required' }
  /** anything else: one answer whatever was wrong (unknown e-mail, password, code, disabled, locked) */
  | { ok: false; reason: 'refused' }
  /** this address has used its sign-in attempts of the window; nothing was checked */
  | { ok: false; reason: 'throttled'; retryAfterS: number };

/** The key TOTP secrets are sealed with: TOKEN_KEY, under a purpose of their own (cardTokenSeal.ts). */
export function totpSeal(tokenKey: string) {
  return cardTokenSeal(tokenKey, 'checkout totp secrets');
}

/**
 * Who needs a second factor: in production every person (owner, finance, support, viewer: each sees shoppers'
 * data and all but the viewer move money). One without it gets a session that may only set one up (`enrol`).
 */
function needsSecondFactor(deps: Pick<AppDeps, 'config'>, user: Pick<UserRow, 'totp_enabled'>): boolean {
  return deps.config.production && user.totp_enabled !== 1;
}

/**
 * Checks an e-mail, password and (when the person has 2FA) a TOTP or recovery code, from the client `address`.
 *
 * Limits are counted BEFORE the slow password check, each in one atomic statement of the store, so concurrent
 * guesses cannot all read a count under the limit: first the address's attempts of the window (`reserveSignIn`:
 * over `limit` is `throttled`, checked no further), then the account's failures (`reserveAccount`: `lockAfter` in a
 * row lock it for `lockMs`, one fixed period however many more come, so a burst locks an account for minutes, not a
 * day). An attempt that proves right gives both places back, so correct sign-ins never lock anyone out; the first
 * step of a two-factor sign-in with the right password is not a failure either.
 *
 * Every path runs one scrypt check (a dummy hash for an unknown e-mail or a locked account), so time says nothing
 * about who has an account. An account with a second factor answers `code_required` to an e-mail and password
 * without a code whether the password was right or wrong (a wrong one still counts as a failure), so the answer
 * never tells a right password from a wrong one. A TOTP code and a recovery code are each spent by one
 * conditional update (compare and set), so one code opens exactly one session however many requests carry it.
 */
export async function signIn(
  deps: AppDeps,
  given: { email: string; password: string; code?: string | undefined },
  address: string,
): Promise<SignInOutcome> {
  const { db } = deps.store;
  const now = deps.now();
  const addressKey = `ip:${address}`;
  const { limit, windowMs } = deps.config.authFailures;
  const budget = await reserveSignIn(db, addressKey, limit, windowMs, now);
  if (!budget.allowed) return { ok: false, reason: 'throttled', retryAfterS: Math.ceil(budget.msLeft / 1000) };

  const found = await findUserByEmail(db, given.email);
  const user = found && !found.disabled_at ? found : undefined;
  const failures = user ? await reserveAccount(deps, user, now) : undefined;
  const hash =
    user && failures !== undefined && user.password_hash
      ? user.password_hash
      : await dummyPasswordHash(deps.config.people.passwordScryptN);
  const passwordRight = (await verifyPassword(given.password, hash)) && !!user?.password_hash && failures !== undefined;
  if (!user || failures === undefined) return { ok: false, reason: 'refused' };

  const code = given.code?.trim();
  if (user.totp_enabled && !code) {
    if (!passwordRight) await failed(deps, user, failures, now);
    else await giveBack(deps, user, addressKey);
    return { ok: false, reason: 'code_required' };
  }
  if (!passwordRight) return failed(deps, user, failures, now);
  if (user.totp_enabled && !(await spendSecondFactor(deps, user, code ?? '', now)))
    return failed(deps, user, failures, now);

  await updateUser(db, user.id, { failed_sign_ins: 0, locked_until: null, last_sign_in_at: now.toISOString() });
  await releaseSignIn(db, addressKey);
  return { ok: true, user, purpose: needsSecondFactor(deps, user) ? 'enrol' : 'full' };
}

/**
 * Counts one attempt against the account before its password is checked: its failures in a row, this one
 * included, or undefined when it is locked (a lock whose time is over starts a new count). Concurrent attempts
 * each get their own number, and none past `lockAfter` is let through.
 */
async function reserveAccount(deps: AppDeps, user: UserRow, now: Date): Promise<number | undefined> {
  const at = now.toISOString();
  const { lockAfter } = deps.config.people;
  const row = await deps.store.db
    .updateTable('users')
    .set({
      failed_sign_ins: sql<number>`case when locked_until is not null and locked_until <= ${at} then 1 else failed_sign_ins + 1 end`,
      locked_until: sql<
        string | null
      >`case when locked_until is not null and locked_until <= ${at} then null else locked_until end`,
    })
    .where('id', '=', user.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('locked_until', 'is', null), eb('failed_sign_ins', '<', lockAfter)]),
        eb('locked_until', '<=', at),
      ]),
    )
    .returning('failed_sign_ins')
    .executeTakeFirst();
  return row ? Number(row.failed_sign_ins) : undefined;
}

/** The right password without its code yet: not a failure, so both counts are given back. */
async function giveBack(deps: AppDeps, user: UserRow, addressKey: string): Promise<void> {
  await deps.store.db
    .updateTable('users')
    .set((eb) => ({ failed_sign_ins: eb('failed_sign_ins', '-', 1) }))
    .where('id', '=', user.id)
    .where('failed_sign_ins', '>', 0)
    .where('locked_until', 'is', null)
    .execute();
  await releaseSignIn(deps.store.db, addressKey);
}

/** Spends a TOTP code (its step) or a recovery code, each by a compare-and-set: true for the one request that did. */
async function spendSecondFactor(deps: AppDeps, user: UserRow, code: string, now: Date): Promise<boolean> {
  const { db } = deps.store;
  const step = user.totp_secret
    ? checkTotp(totpSeal(deps.config.tokenKey).open(user.totp_secret), code, now.getTime(), user.totp_last_step)
    : null;
  if (step !== null) {
    const spent = await db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }
  const before = user.recovery_codes ?? '[]';
  const hashes: string[] = JSON.parse(before);
  const left = hashes.filter((h) => h !== hashSecret(normalizeRecoveryCode(code)));
  if (left.length === hashes.length) return false;
  const spent = await db
    .updateTable('users')
    .set({ recovery_codes: JSON.stringify(left) })
    .where('id', '=', user.id)
    .where('recovery_codes', '=', before)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return false;
  await writeAuditEvent(
    db,
    {
      kind: 'user',
      summary: `recovery code used: ${user.email} (${left.length} left)`,
      actor: `user:${user.email}`,
      detail: { actor: `user:${user.email}`, user: user.email, recovery_codes_left: left.length },
    },
    now.toISOString(),
  );
  return true;
}

/**
 * A failed attempt: its place stays counted; the attempt that reached `lockAfter` locks the account for `lockMs`
 * (always the same period: a burst of wrong passwords cannot lock an owner out for long) and tells the owners (an
 * audit line, which the Team page shows, and an error log line).
 */
async function failed(deps: AppDeps, user: UserRow, failures: number, now: Date): Promise<SignInOutcome> {
  const { lockAfter, lockMs } = deps.config.people;
  if (failures >= lockAfter) {
    const until = new Date(now.getTime() + lockMs).toISOString();
    await updateUser(deps.store.db, user.id, { locked_until: until });
    const summary = `${failures} failed sign-ins for ${user.email}, locked until ${until}`;
    await writeAuditEvent(
      deps.store.db,
      { kind: 'user_locked', summary, detail: { user: user.email, failed_sign_ins: failures, locked_until: until } },
      now.toISOString(),
    );
    deps.log.error({ user: user.email, failed_sign_ins: failures, locked_until: until }, summary);
  }
  return { ok: false, reason: 'refused' };
}
