import { useEffect, useState } from 'preact/hooks';
import type { PaymentMethodView } from '../../../shared/contract/session';
import { useWidget } from './WidgetContext';

export interface MethodPickerProps {
  methods: readonly PaymentMethodView[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}

/**
 * The methods as a native radio group: arrow keys move between them, the legend names the group. Their logos come
 * in a lazy chunk once the form is on screen; until then (or if it never loads) the labels alone.
 */
export function MethodPicker({ methods, selected, onSelect }: MethodPickerProps) {
  const { t, idFor } = useWidget();
  const [logo, setLogo] = useState<(method: PaymentMethodView) => string>();
  useEffect(() => {
    import('./methodLogos').then(
      (m) => setLogo(() => m.methodLogo),
      () => {},
    );
  }, []);
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
              {logo && <span class="ck-logo" aria-hidden="true" dangerouslySetInnerHTML={{ __html: logo(m) }} />}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
