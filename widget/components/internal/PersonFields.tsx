import type { FormValues } from '../../core/formValues';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { useWidget } from './WidgetContext';

export interface PersonFieldsProps {
  values: FormValues;
  errors: Record<string, string>;
  countries: readonly { value: string; label: string }[];
  onValue: (path: string, value: string) => void;
  onLeave: (path: string) => void;
}

/** The payer's identity an APM asks for in its `person` (the document number itself is the form's document field). */
export function PersonFields({ values, errors, countries, onValue, onLeave }: PersonFieldsProps) {
  const { t } = useWidget();
  const common = { onValue, onLeave, autoComplete: 'off' };
  const p = values.person;
  return (
    <>
      <TextField
        {...common}
        path="person.document_type"
        label={t('person.document_type')}
        hint={t('person.document_type.hint')}
        value={p.document_type}
        error={errors['person.document_type']}
        maxLength={30}
      />
      <TextField
        {...common}
        path="person.social_name"
        label={t('person.social_name')}
        value={p.social_name}
        error={errors['person.social_name']}
        maxLength={100}
        optional
      />
      <TextField
        {...common}
        path="person.net_monthly_average_income"
        label={t('person.income')}
        inputMode="decimal"
        value={p.net_monthly_average_income}
        error={errors['person.net_monthly_average_income']}
        maxLength={15}
        optional
      />
      <SelectField
        {...common}
        path="person.fiscal_country"
        label={t('person.fiscal_country')}
        placeholder={t('person.fiscal_country.same')}
        value={p.fiscal_country}
        options={countries}
        error={errors['person.fiscal_country']}
        optional
      />
    </>
  );
}
