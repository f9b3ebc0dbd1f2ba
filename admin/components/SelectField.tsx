import { FieldError } from './FieldError';
import { fieldId } from './TextField';

interface Props {
  name: string;
  label: string;
  value: string;
  options: readonly string[];
  onValue: (value: string) => void;
  error?: string | undefined;
  /** the label of the empty choice; without it a value must be chosen */
  emptyLabel?: string;
  /** words for each value, when the value is a code the owner should not have to read */
  optionLabel?: (value: string) => string;
}

/** A labelled select whose error is announced with it, like TextField. */
export function SelectField({ name, label, value, options, onValue, error, emptyLabel, optionLabel }: Props) {
  const id = fieldId(name);
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel ? optionLabel(o) : o}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
