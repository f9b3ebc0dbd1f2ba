import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, SignInLink, TeamMember } from '../api/client';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DateTime } from '../components/DateTime';
import { TableScroll } from '../components/Table';
import { STAFF_ROLES } from '../../shared/contract/roles';
import { errorText } from '../errorText';
import { roleDescription } from '../permissions';
import { useTitle } from '../useTitle';

/**
 * The team (owners only): people, their roles, two-factor state and lock-outs, with the owner's actions. A new
 * person or a password reset gets a one-time link, shown here once, for the owner to pass on (no mail server).
 */
export function Team({ api }: { api: AdminApi }) {
  useTitle('Team');
  const [users, setUsers] = useState<TeamMember[] | null>(null);
  const [error, setError] = useState<string>();
  const [link, setLink] = useState<{ email: string; link: SignInLink }>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('support');
  const [busy, setBusy] = useState(false);
  /** a change that ends someone's sessions or locks them out, waiting for the owner's confirmation */
  const [pending, setPending] = useState<{
    title: string;
    text: string;
    label: string;
    work: () => Promise<unknown>;
  }>();

  const load = () =>
    api.listUsers().then(
      (r) => setUsers(r.users),
      (e) => setError(errorText(e)),
    );
  useEffect(() => {
    void load();
  }, []);

  async function act(work: () => Promise<unknown>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      await load();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const now = Date.now();
  const locked = (users ?? []).filter((u) => u.locked_until && Date.parse(u.locked_until) > now);
  return (
    <>
      <h1 tabIndex={-1}>Team</h1>
      {locked.map((u) => (
        <p key={u.id} class="error" role="alert">
          {u.failed_sign_ins} failed sign-ins for {u.email}, locked until <DateTime iso={u.locked_until!} />.
        </p>
      ))}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {link && (
        <section class="card" aria-labelledby="link-title">
          <h2 id="link-title">Sign-in link for {link.email}</h2>
          <p>
            Send this link to {link.email}; it works once, until <DateTime iso={link.link.expires_at} />. It is shown
            only now.
          </p>
          <input readOnly aria-label={`Sign-in link for ${link.email}`} value={link.link.url} class="wide" />
        </section>
      )}
      <form
        class="card"
        aria-labelledby="add-person"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const added = await api.addUser(email.trim(), role);
            setLink({ email: added.user.email, link: added.sign_in_link });
            setEmail('');
          });
        }}
      >
        <h2 id="add-person">Add a person</h2>
        <div class="field">
          <label for="person-email">E-mail</label>
          <input id="person-email" type="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="person-role">Role</label>
          <select
            id="person-role"
            value={role}
            aria-describedby="person-role-says"
            onChange={(e) => setRole(e.currentTarget.value)}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <p id="person-role-says" class="hint">
            {roleDescription(role as (typeof STAFF_ROLES)[number])}
          </p>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Add
        </button>
      </form>
      <section class="card" aria-labelledby="roles-title">
        <h2 id="roles-title">What each role may do</h2>
        <dl class="roles">
          {STAFF_ROLES.map((r) => (
            <div key={r}>
              <dt>{r}</dt>
              <dd>{roleDescription(r)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {users === null ? (
        <p>Loading…</p>
      ) : (
        <TableScroll label="People who can sign in">
          <table>
            <caption>People who can sign in</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Two-factor</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id}>
                  <th scope="row">{u.email}</th>
                  <td>
                    <select
                      aria-label={`Role of ${u.email}`}
                      value={u.role}
                      disabled={busy}
                      onChange={(e) => {
                        const next = e.currentTarget.value;
                        // the select shows the row's role until the change is confirmed
                        e.currentTarget.value = u.role;
                        setPending({
                          title: `Change the role of ${u.email}`,
                          text: `${u.email} becomes ${next} (now ${u.role}) and is signed out everywhere.`,
                          label: `Make ${next}`,
                          work: () => api.changeUser(u.id, { role: next }),
                        });
                      }}
                    >
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{u.totp_enabled ? 'on' : 'off'}</td>
                  <td>
                    {u.disabled
                      ? 'disabled'
                      : u.locked_until
                        ? 'locked'
                        : !u.password_set
                          ? 'waiting for a password'
                          : 'active'}
                    {u.failed_sign_ins > 0 && ` (${u.failed_sign_ins} failed sign-ins)`}
                  </td>
                  <td class="row-actions">
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        setPending({
                          title: `Reset the password of ${u.email}`,
                          text: `The current password stops working and ${u.email} is signed out everywhere; you get a one-time link to pass on.`,
                          label: 'Reset password',
                          work: async () =>
                            setLink({ email: u.email, link: (await api.resetPassword(u.id)).sign_in_link }),
                        })
                      }
                    >
                      Reset password<span class="visually-hidden"> of {u.email}</span>
                    </button>
                    {u.totp_enabled && (
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() =>
                          setPending({
                            title: `Reset two-factor sign-in of ${u.email}`,
                            text: `${u.email} is signed out everywhere and sets up two-factor sign-in again at the next sign-in (their recovery codes stop working).`,
                            label: 'Reset two-factor',
                            work: () => api.resetTotp(u.id),
                          })
                        }
                      >
                        Reset two-factor<span class="visually-hidden"> of {u.email}</span>
                      </button>
                    )}
                    {u.locked_until && (
                      <button type="button" disabled={busy} onClick={() => act(() => api.unlockUser(u.id))}>
                        Unlock<span class="visually-hidden"> {u.email}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        u.disabled
                          ? act(() => api.changeUser(u.id, { disabled: false }))
                          : setPending({
                              title: `Disable ${u.email}`,
                              text: `${u.email} is signed out everywhere and cannot sign in until enabled again; API keys they made stop working meanwhile.`,
                              label: 'Disable',
                              work: () => api.changeUser(u.id, { disabled: true }),
                            })
                      }
                    >
                      {u.disabled ? 'Enable' : 'Disable'}
                      <span class="visually-hidden"> {u.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pending && (
        <ConfirmDialog
          title={pending.title}
          confirmLabel={pending.label}
          onCancel={() => setPending(undefined)}
          onConfirm={() => {
            const { work } = pending;
            setPending(undefined);
            void act(work);
          }}
        >
          <p>{pending.text}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
