import { z } from 'zod';
import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { newId } from '../ids';
import type { Db } from '../store';
import { isUniqueViolation } from '../store';
import { findUserById, insertUser, normalizeEmail, type UserRow } from './users';
import { STAFF_ROLES, type StaffRole } from '../../shared/contract/roles';

/** The e-mail and role of a new person, as the users API and the CLI take them. */
export const newUserFields = z.strictObject({
  email: z
    .string({ error: 'is required' })
    .max(320, 'must be at most 320 characters')
    .transform(normalizeEmail)
    .pipe(z.email('must be an e-mail address')),
  role: z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` }),
});

/**
 * Adds a person with no password yet: they set one through a one-time link (signInLink.ts). An e-mail that
 * already has an account, in any case, is a 409.
 */
export async function createUser(db: Db, user: { email: string; role: StaffRole }, now: Date): Promise<UserRow> {
  const id = newId('usr');
  const at = now.toISOString();
  try {
    await insertUser(db, {
      id,
      email: user.email,
      role: user.role,
      password_hash: null,
      totp_secret: null,
      totp_pending: null,
      totp_enabled: 0,
      totp_last_step: null,
      recovery_codes: null,
      failed_sign_ins: 0,
      locked_until: null,
      last_sign_in_at: null,
      created_at: at,
      updated_at: at,
      disabled_at: null,
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new ApiError(409, API_ERROR.conflict, 'email: a user with this e-mail exists', [
        { path: 'email', message: 'a user with this e-mail exists' },
      ]);
    throw e;
  }
  return (await findUserById(db, id))!;
}
