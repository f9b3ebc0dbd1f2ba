import { useState } from 'preact/hooks';
import { ApiError, createAdminApi } from '../api/client';
import { FieldError } from '../components/FieldError';
import { errorText } from '../errorText';
import { useTitle } from '../useTitle';

interface Props {
  notice?: string | undefined;
  onSignedIn: (token: string) => void;
}

/**
 * Sign-in with the admin token. The form is handled in script and never submitted, so the token cannot end up
 * in a URL; it is checked with one cheap API call before the page keeps it.
 */
export function SignIn({ notice, onSignedIn }: Props) {
  useTitle('Sign in');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const candidate = token.trim();
    if (!candidate) return setError('Enter the admin token.');
    setBusy(true);
    setError(undefined);
    try {
      await createAdminApi(candidate).listOrders({ limit: 1 });
      onSignedIn(candidate);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? 'This token was not accepted. Check it and try again.'
          : errorText(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card signin-form" onSubmit={submit} noValidate>
      <h1 tabIndex={-1}>Shop admin</h1>
      {notice && <p role="status">{notice}</p>}
      <div class={`field${error ? ' field-invalid' : ''}`}>
        <label for="token">Admin token</label>
        <input
          id="token"
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={token}
          onInput={(e) => setToken(e.currentTarget.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'token-error' : undefined}
        />
        <FieldError id="token-error" message={error} />
      </div>
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p class="hint">The token is kept only in this tab and forgotten when you close it or sign out.</p>
    </form>
  );
}
