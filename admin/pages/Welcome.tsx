import { useState } from 'preact/hooks';
import type { AdminApi, Me } from '../api/client';
import { FieldError } from '../components/FieldError';
import { errorText } from '../errorText';
import { navigate } from '../route';
import { useTitle } from '../useTitle';

/**
 * The page of a one-time sign-in link (`#/welcome?token=...`, from the CLI or an owner's reset): the person
 * chooses a password, which spends the link, and is signed in with it at once.
 */
export function Welcome({ api, token, onSignedIn }: { api: AdminApi; token: string; onSignedIn: (me: Me) => void }) {
  useTitle('Choose a password');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    if (password.length < 12) return setError('Use at least 12 characters.');
    setBusy(true);
    setError(undefined);
    try {
      const { email } = await api.setPasswordWithLink(token, password);
      const me = await api.signIn({ email, password });
      navigate(me.enrolment_required ? '#/account' : '#/overview');
      onSignedIn(me);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card signin-form" onSubmit={submit} noValidate>
      <h1 tabIndex={-1}>Choose a password</h1>
      <p>This link works once. Use at least 12 characters; a few unrelated words make a good password.</p>
      <div class={`field${error ? ' field-invalid' : ''}`}>
        <label for="new-password">New password</label>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'new-password-error' : undefined}
        />
        <FieldError id="new-password-error" message={error} />
      </div>
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Set password and sign in'}
      </button>
    </form>
  );
}
