import type { PaymentMethodView } from '../../../shared/contract/session';
import { useWidget } from './WidgetContext';

export interface MethodPickerProps {
  methods: readonly PaymentMethodView[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}

/** The methods as a native radio group: arrow keys move between them, the legend names the group. */
export function MethodPicker({ methods, selected, onSelect }: MethodPickerProps) {
  const { t, idFor } = useWidget();
  return (
    <fieldset class="ck-fieldset" id={idFor('method')}>
      <legend class="ck-legend">{t('method.title')}</legend>
      {methods.length === 0 ? (
        <p class="ck-note">{t('method.none')}</p>
      ) : (
        <div class="ck-choices">
          {methods.map((m) => (
            <label key={m.id} class="ck-choice">
              <input
                type="radio"
                name={idFor('method')}
                value={m.id}
                checked={m.id === selected}
                onChange={() => onSelect(m.id)}
              />
              <span>{m.label}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
