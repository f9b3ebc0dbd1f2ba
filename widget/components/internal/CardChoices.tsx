import type { PaymentMethodView } from '../../../shared/contract/session';
import type { FormValues } from '../../core/formValues';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatAmount } from '../../i18n/formatAmount';
import { SelectField } from './SelectField';
import { useWidget } from './WidgetContext';

export interface CardChoicesProps {
  method: PaymentMethodView;
  /** the session's amount and currency: an instalment plan without interest totals it */
  amount: string;
  currency: string;
  values: FormValues;
  onValue: (path: string, value: string) => void;
  onLeave: (path: string) => void;
  onSaveCard: (save: boolean) => void;
  /** removes a saved card at the backend; resolves once it is gone (the list comes without it) */
  onRemoveCard?: (id: string) => Promise<void>;
}

/**
 * What a card payment may offer besides the card itself: a saved card, "save my card" for a new one, and
 * installments. Each shows only when the session offers it; the card number is typed in the gateway's frame.
 * Saved cards are radios, each with a remove button whose description is its card; the outcome of a removal is
 * said in a live region that is on the page before it (so it is announced), and focus goes to the chosen card,
 * or "A new card" when the removed one was chosen.
 */
export function CardChoices(props: CardChoicesProps) {
  const { method, amount, currency, values, onValue, onLeave, onSaveCard, onRemoveCard } = props;
  const { t, locale, idFor } = useWidget();
  const [removal, setRemoval] = useState<{ busy?: string; done?: number; failed?: boolean }>({});
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    if (removal.done) (el?.querySelector<HTMLInputElement>('input:checked') ?? el?.querySelector('input'))?.focus();
  }, [removal.done]);
  const remove = (id: string) => {
    if (!onRemoveCard || removal.busy) return;
    setRemoval({ busy: id });
    onRemoveCard(id).then(
      () => setRemoval((r) => ({ done: (r.done ?? 0) + 1 })),
      () => setRemoval({ failed: true }),
    );
  };
  const money = (value: string) => formatAmount(value, currency, locale);
  // each instalment's amount as the backend computed it (minor units), the total only where interest adds to it
  const label = (count: number) => {
    const terms = method.installment_terms?.find((x) => x.count === count);
    if (!terms) return t('installments.count', { count });
    const vars = { count, amount: money(terms.each), total: money(terms.total) };
    return t(terms.total === amount ? 'installments.each' : 'installments.interest', vars);
  };
  const common = { onValue, onLeave, autoComplete: 'off', optional: true };
  const saved = method.saved_cards ?? [];
  const newCard = !saved.some((c) => c.id === values.saved_card);
  const radio = (id: string, label: string) => (
    <label class="ck-choice">
      <input
        type="radio"
        name={idFor('saved_card')}
        value={id}
        // "A new card" is also what an id no longer listed means (toCardChoices sends none)
        checked={id ? values.saved_card === id : newCard}
        onChange={() => onValue('saved_card', id)}
      />
      <span id={idFor(`saved_card.${id}`)}>{label}</span>
    </label>
  );
  return (
    <div class="ck-grid ck-fieldset" ref={root}>
      {saved.length > 0 && (
        <fieldset class="ck-fieldset">
          <legend class="ck-legend">{t('saved_card.label')}</legend>
          <div class="ck-choices">
            {saved.map((c) => (
              <div class="ck-saved" key={c.id}>
                {radio(c.id, c.label ?? t('saved_card.unnamed'))}
                {onRemoveCard && (
                  <button
                    type="button"
                    class="ck-remove"
                    aria-label={t('saved_card.remove')}
                    aria-describedby={idFor(`saved_card.${c.id}`)}
                    aria-disabled={removal.busy ? 'true' : 'false'}
                    onClick={() => remove(c.id)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </div>
            ))}
            {radio('', t('saved_card.new'))}
          </div>
          {removal.failed && (
            <p class="ck-error" role="alert">
              {t('error.network')}
            </p>
          )}
        </fieldset>
      )}
      {(saved.length > 0 || removal.done) && (
        <p class="ck-note" role="status">
          {removal.done ? t('saved_card.removed') : ''}
        </p>
      )}
      {method.installments?.length ? (
        <SelectField
          {...common}
          path="installments"
          label={t('installments.label')}
          placeholder={t('installments.none')}
          value={values.installments}
          options={method.installments.map((count) => ({
            value: String(count),
            label: label(count),
          }))}
        />
      ) : null}
      {method.save_card && newCard && (
        <label class="ck-check">
          <input
            type="checkbox"
            name="save_card"
            checked={values.save_card}
            onChange={(e) => onSaveCard(e.currentTarget.checked)}
          />
          <span>{t('save_card')}</span>
        </label>
      )}
    </div>
  );
}
