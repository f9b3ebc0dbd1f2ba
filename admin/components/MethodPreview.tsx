import { useState } from 'preact/hooks';
import type { PaymentMethod } from '../api/client';
import { previewMethods } from '../previewMethods';

/** What a shopper from a country, paying an amount, would be offered with the settings as they stand. */
export function MethodPreview({ methods }: { methods: readonly PaymentMethod[] }) {
  const [country, setCountry] = useState('BR');
  const [currency, setCurrency] = useState('BRL');
  const [amount, setAmount] = useState('100.00');
  const shown = previewMethods(methods, {
    country: country.trim().toUpperCase(),
    currency: currency.trim().toUpperCase(),
    amount: amount.trim(),
  });
  return (
    <section class="card preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <p class="hint">Uses the settings on this page, saved or not.</p>
      <div class="grid">
        <div class="field">
          <label for="preview-country">Shopper's country</label>
          <input
            id="preview-country"
            maxLength={2}
            value={country}
            onInput={(e) => setCountry(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="preview-currency">Currency</label>
          <input
            id="preview-currency"
            maxLength={3}
            value={currency}
            onInput={(e) => setCurrency(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="preview-amount">Amount</label>
          <input
            id="preview-amount"
            inputMode="decimal"
            value={amount}
            onInput={(e) => setAmount(e.currentTarget.value)}
          />
        </div>
      </div>
      <div aria-live="polite">
        {shown.length === 0 ? (
          <p>This shopper would see no payment method.</p>
        ) : (
          <ol class="preview-list" aria-label="Methods this shopper would see">
            {shown.map((m) => (
              <li key={m.id}>
                {m.labels.en ?? m.id}
                {m.fields.length > 0 && <span class="muted"> (asks for {m.fields.join(', ').replace(/_/g, ' ')})</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
