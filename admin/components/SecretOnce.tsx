import { useState } from 'preact/hooks';

interface Props {
  /** what the secret belongs to, e.g. "https://shop.example/hooks" */
  label: string;
  secret: string;
  onDone: () => void;
}

/**
 * A signing secret the backend returns once (create, roll): it keeps only a sealed copy and never shows it again,
 * so the owner is told to copy it now, with a button that does, and the page forgets it when they say they have.
 */
export function SecretOnce({ label, secret, onDone }: Props) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // clipboard refused (no permission, not a secure context): the owner can still select the text
      setCopied('failed');
    }
  }
  return (
    <section class="card secret-once" aria-labelledby="secret-once-title">
      <h2 id="secret-once-title">Signing secret for {label}</h2>
      <p class="error" role="alert">
        Copy this secret now and keep it on your server: it is shown only this once. If you lose it, roll a new one.
      </p>
      <p>
        <code class="mono secret" data-testid="signing-secret">
          {secret}
        </code>
      </p>
      <div class="actions">
        <button type="button" class="primary" onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" onClick={onDone}>
          I have stored it, hide it
        </button>
        <span aria-live="polite">
          {copied === 'yes' && <span class="ok">Copied.</span>}
          {copied === 'failed' && <span class="fail">Could not copy: select the text and copy it.</span>}
        </span>
      </div>
    </section>
  );
}
