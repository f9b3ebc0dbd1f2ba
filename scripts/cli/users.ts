import { parseArgs } from 'node:util';
import type { CliIo } from './io';
import { ApiError } from '../../server/apiError';
import { createUser, newUserFields } from '../../server/team/createUser';
import { auditUserChange } from '../../server/team/auditUserChange';
import { hashPassword } from '../../server/team/passwordHash';
import { issueSignInLink } from '../../server/team/signInLink';
import { ConfigError, loadConfig } from '../../server/config';
import { openStore, type Store } from '../../server/store/db';
import { deleteSessionsOfUser } from '../../server/team/userSessions';
import { findUserByEmail, updateUser } from '../../server/team/users';

/**
 * `npm run cli -- users add --role owner --email a@b.shop` and `users reset-password --email a@b.shop`: people's
 * accounts straight in the database (DATABASE_URL, else SQLITE_FILE, as the backend and `npm run migrate` read
 * them), so the first owner exists before anyone can sign in, and an owner locked out of every account gets back
 * in. Each prints a one-time link (PUBLIC_URL/admin/#/welcome?token=..., 24 h) where the person sets a password.
 * Resetting also clears a lock-out and ends the person's sessions; it leaves two-factor as it is.
 */
export async function usersCommand(args: string[], print: (line: string) => void, env: CliIo['env']): Promise<number> {
  const [sub, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  if (sub !== 'add' && sub !== 'reset-password')
    throw new UsersUsageError('users takes add --role ROLE --email E, or reset-password --email E');
  let config: ReturnType<typeof loadConfig>;
  try {
    // the database's location and PUBLIC_URL are all it needs, not the secrets a production start insists on
    config = loadConfig({ ...env, NODE_ENV: 'development' });
  } catch (e) {
    if (e instanceof ConfigError) throw new UsersUsageError(`the configuration is invalid:\n${e.message}`);
    throw e;
  }
  const store = await openStore(config.database, { migrate: false });
  try {
    const now = new Date();
    if (sub === 'add') {
      const parsed = newUserFields.safeParse({ email: values.email, role: values.role });
      if (!parsed.success)
        throw new UsersUsageError(parsed.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('\n'));
      const user = await createUser(store.db, parsed.data, now).catch((e: unknown) => {
        throw e instanceof ApiError ? new UsersUsageError(e.message) : e;
      });
      await auditUserChange(
        store.db,
        { actor: 'cli', what: 'user added', user, before: null, after: user },
        now.toISOString(),
      );
      const link = await issueSignInLink(store.db, user.id, config.publicUrl, now);
      print(`added ${user.email} (${user.role}). Open this link within 24 hours to set a password (it works once):`);
      print(link.url);
      return 0;
    }
    if (!values.email) throw new UsersUsageError('reset-password needs --email');
    const user = await findUserByEmail(store.db, values.email);
    if (!user) throw new UsersUsageError(`no user with the e-mail ${values.email}`);
    await updateUser(store.db, user.id, {
      password_hash: null,
      failed_sign_ins: 0,
      locked_until: null,
      updated_at: now.toISOString(),
    });
    await deleteSessionsOfUser(store.db, user.id);
    await auditUserChange(
      store.db,
      { actor: 'cli', what: 'password reset', user, before: user, after: user },
      now.toISOString(),
    );
    const link = await issueSignInLink(store.db, user.id, config.publicUrl, now);
    print(`the password of ${user.email} is reset. Open this link within 24 hours to set a new one (it works once):`);
    print(link.url);
    return 0;
  } finally {
    await store.close();
  }
}

/** A wrong command line: exit code 2 with the usage. */
export class UsersUsageError extends Error {}

/**
 * `npm start`'s demo owner, so the admin page can be tried at once: owner@demo.shop with a fixed, printed
 * password and no second factor (the demo is not production). Created once; kept as it is after that.
 */
export async function ensureDemoOwner(store: Store): Promise<{ email: string; password: string; created: boolean }> {
  const demo = { email: 'owner@demo.shop', password: 'demo-owner-password' };
  if (await findUserByEmail(store.db, demo.email)) return { ...demo, created: false };
  const now = new Date();
  const user = await createUser(store.db, { email: demo.email, role: 'owner' }, now);
  await updateUser(store.db, user.id, { password_hash: await hashPassword(demo.password) });
  return { ...demo, created: true };
}
