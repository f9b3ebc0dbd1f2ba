import type { AddressValues } from '../../core/formValues';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { useWidget } from './WidgetContext';

export interface AddressFieldsProps {
  prefix: 'billing' | 'delivery';
  values: AddressValues;
  errors: Record<string, string>;
  countries: readonly { value: string; label: string }[];
  /** also the number, complement and district (methods that need the payer's `person`) */
  parts?: boolean;
  onValue: (path: string, value: string) => void;
  onLeave: (path: string) => void;
}

/** One address; the autocomplete section (`billing` / `shipping`) lets autofill tell the two addresses apart. */
export function AddressFields({ prefix, values, errors, countries, parts, onValue, onLeave }: AddressFieldsProps) {
  const { t } = useWidget();
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  const common = { onValue, onLeave };
  return (
    <div class="ck-grid">
      <SelectField
        {...common}
        path={`${prefix}.country`}
        label={t('field.country')}
        placeholder={t('field.country.placeholder')}
        value={values.country}
        options={countries}
        error={errors[`${prefix}.country`]}
        autoComplete={`${section} country`}
      />
      <TextField
        {...common}
        path={`${prefix}.address`}
        label={t('field.address')}
        value={values.address}
        error={errors[`${prefix}.address`]}
        autoComplete={`${section} street-address`}
        maxLength={300}
      />
      {parts && (
        <>
          <TextField
            {...common}
            path={`${prefix}.number`}
            label={t('field.number')}
            value={values.number ?? ''}
            error={errors[`${prefix}.number`]}
            autoComplete="off"
            maxLength={20}
            optional={prefix === 'delivery'}
          />
          <TextField
            {...common}
            path={`${prefix}.complement`}
            label={t('field.complement')}
            value={values.complement ?? ''}
            error={errors[`${prefix}.complement`]}
            autoComplete="off"
            maxLength={100}
            optional
          />
          <TextField
            {...common}
            path={`${prefix}.district`}
            label={t('field.district')}
            value={values.district ?? ''}
            error={errors[`${prefix}.district`]}
            autoComplete="off"
            maxLength={100}
          />
        </>
      )}
      <TextField
        {...common}
        path={`${prefix}.city`}
        label={t('field.city')}
        value={values.city}
        error={errors[`${prefix}.city`]}
        autoComplete={`${section} address-level2`}
        maxLength={100}
      />
      <TextField
        {...common}
        path={`${prefix}.state`}
        label={t('field.state')}
        value={values.state}
        error={errors[`${prefix}.state`]}
        autoComplete={`${section} address-level1`}
        maxLength={100}
        optional
      />
      <TextField
        {...common}
        path={`${prefix}.postal_code`}
        label={t('field.postal_code')}
        value={values.postal_code}
        error={errors[`${prefix}.postal_code`]}
        autoComplete={`${section} postal-code`}
        maxLength={20}
      />
    </div>
  );
}
