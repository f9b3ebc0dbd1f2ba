import { useState } from 'preact/hooks';
import type { AdminApi, Me } from '../api/client';
import { errorText } from '../errorText';
import { useTitle } from '../useTitle';

/**
 * "Your account": two-factor enrolment (QR code, then a code to confirm, then the recovery codes shown once),
 * a new password, and signing out every browser. The QR code is SVG markup made by the backend from a fixed
 * library (qrcode), never from text a person typed.
 */
export function Account({ api, me, onChanged }: { api: AdminApi; me: Me; onChanged: () => void }) {
  useTitle('Your account');
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_svg: string }>();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[]>();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Your account</h1>
      <p>
        Signed in as <strong>{me.label}</strong> ({me.role}).
      </p>
      {me.enrolment_required && !recovery && (
        <p class="error" role="alert">
          Everyone on the team signs in with a second factor here. Set up two-factor sign-in below to use the admin
          page.
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {message && <p role="status">{message}</p>}
      <section class="card" aria-labelledby="totp-title">
        <h2 id="totp-title">Two-factor sign-in</h2>
        {recovery ? (
          <>
            <p>
              Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown
              only now.
            </p>
            <ul class="recovery-codes" aria-label="Recovery codes">
              {recovery.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
            {me.enrolment_required && (
              // the page changes to the admin page only once the codes are kept: they are never shown again
              <button type="button" class="primary" onClick={onChanged}>
                I have kept the codes: continue
              </button>
            )}
          </>
        ) : me.totp_enabled ? (
          <p>On. To move it to a new phone, ask an owner to reset it, then set it up again.</p>
        ) : enrolment ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                setRecovery((await api.confirmTotp(code.trim())).recovery_codes);
                if (!me.enrolment_required) onChanged();
              });
            }}
          >
            <p>Scan this code with an authenticator app, or type the key into it, then enter the code it shows.</p>
            {/* SVG markup the backend drew from a random secret with the qrcode library: no text of anyone's */}
            <div
              class="qr"
              role="img"
              aria-label="QR code for the authenticator app"
              dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }}
            />
            <p>
              Key: <code>{enrolment.secret}</code>
            </p>
            <div class="field">
              <label for="totp-code">Code from the app</label>
              <input
                id="totp-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onInput={(e) => setCode(e.currentTarget.value)}
              />
            </div>
            <button type="submit" class="primary" disabled={busy}>
              Turn on
            </button>
          </form>
        ) : (
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() => act(async () => setEnrolment(await api.startTotp()))}
          >
            Set up two-factor sign-in
          </button>
        )}
      </section>
      {!me.enrolment_required && (
        <>
          <form
            class="card"
            aria-labelledby="password-title"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                await api.changePassword(current, next);
                setCurrent('');
                setNext('');
                setMessage('Your password is changed. Other browsers are signed out.');
              });
            }}
          >
            <h2 id="password-title">Change password</h2>
            <div class="field">
              <label for="current-password">Current password</label>
              <input
                id="current-password"
                type="password"
                autoComplete="current-password"
                value={current}
                onInput={(e) => setCurrent(e.currentTarget.value)}
              />
            </div>
            <div class="field">
              <label for="next-password">New password (at least 12 characters)</label>
              <input
                id="next-password"
                type="password"
                autoComplete="new-password"
                value={next}
                onInput={(e) => setNext(e.currentTarget.value)}
              />
            </div>
            <button type="submit" disabled={busy}>
              Change password
            </button>
          </form>
          <section class="card" aria-labelledby="everywhere-title">
            <h2 id="everywhere-title">Browsers signed in</h2>
            <p>Signs out every browser where you are signed in, this one too.</p>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  await api.signOutEverywhere();
                  onChanged();
                })
              }
            >
              Sign out everywhere
            </button>
          </section>
        </>
      )}
    </>
  );
}
