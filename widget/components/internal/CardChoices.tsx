import type { PaymentMethodView } from '../../../shared/contract/session';
import type { FormValues } from '../../core/formValues';
import { SelectField } from './SelectField';
import { useWidget } from './WidgetContext';

export interface CardChoicesProps {
  method: PaymentMethodView;
  values: FormValues;
  onValue: (path: string, value: string) => void;
  onLeave: (path: string) => void;
  onSaveCard: (save: boolean) => void;
}

/**
 * What a card payment may offer besides the card itself: a saved card, "save my card" for a new one, and
 * installments. Each shows only when the session offers it; the card number is typed in the gateway's frame.
 */
export function CardChoices({ method, values, onValue, onLeave, onSaveCard }: CardChoicesProps) {
  const { t } = useWidget();
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
            label: t('installments.count', { count }),
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
