import { useState } from 'preact/hooks';
import { ApiError, type AdminApi, type Me } from '../api/client';
import { FieldError } from '../components/FieldError';
import { errorText } from '../errorText';
import { useTitle } from '../useTitle';

interface Props {
  api: AdminApi;
  notice?: string | undefined;
  onSignedIn: (me: Me) => void;
}

/**
 * Sign-in with e-mail and password, then the authenticator code when the backend asks for it. The form is
 * handled in script and never submitted, so nothing typed ends up in a URL; the backend answers with an HttpOnly
 * session cookie, which the page cannot read and does not keep anywhere itself.
 */
export function SignIn({ api, notice, onSignedIn }: Props) {
  useTitle('Sign in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    if (!email.trim() || !password) return setError('Enter your e-mail and password.');
    if (askCode && !code.trim()) return setError('Enter the code from your authenticator app.');
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await api.signIn({ email: email.trim(), password, ...(askCode ? { code: code.trim() } : {}) }));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'code_required') {
        setAskCode(true);
      } else {
        setError(
          err instanceof ApiError && err.status === 401
            ? 'The e-mail, password or code was not accepted. After several failures an account is locked for a while.'
            : errorText(err),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  const invalid = error ? 'true' : undefined;
  return (
    <form class="card signin-form" onSubmit={submit} noValidate>
      <h1 tabIndex={-1}>Shop admin</h1>
      {notice && <p role="status">{notice}</p>}
      <div class="field">
        <label for="email">E-mail</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          aria-invalid={invalid}
          aria-describedby={error ? 'signin-error' : undefined}
        />
      </div>
      <div class="field">
        <label for="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          aria-invalid={invalid}
          aria-describedby={error ? 'signin-error' : undefined}
        />
      </div>
      {askCode && (
        <div class="field">
          <label for="code">Code from your authenticator app (or a recovery code)</label>
          <input
            id="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            spellcheck={false}
            value={code}
            // biome-ignore lint/a11y/noAutofocus: the field appears because the person must fill it next
            autoFocus
            onInput={(e) => setCode(e.currentTarget.value)}
            aria-invalid={invalid}
            aria-describedby={error ? 'signin-error' : undefined}
          />
        </div>
      )}
      <FieldError id="signin-error" message={error} />
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p class="hint">Forgot your password? An owner can send you a new sign-in link from the Team page.</p>
    </form>
  );
}
