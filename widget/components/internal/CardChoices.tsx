import type { PaymentMethodView } from '../../../shared/contract/session';
import type { FormValues } from '../../core/formValues';
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
}

/**
 * What a card payment may offer besides the card itself: a saved card, "save my card" for a new one, and
 * installments. Each shows only when the session offers it; the card number is typed in the gateway's frame.
 */
export function CardChoices({ method, amount, currency, values, onValue, onLeave, onSaveCard }: CardChoicesProps) {
  const { t, locale } = useWidget();
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
  return (
    <div class="ck-grid ck-fieldset">
      {saved.length > 0 && (
        <SelectField
          {...common}
          path="saved_card"
          label={t('saved_card.label')}
          placeholder={t('saved_card.new')}
          value={values.saved_card}
          options={saved.map((c) => ({ value: c.id, label: c.label ?? t('saved_card.unnamed') }))}
        />
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
