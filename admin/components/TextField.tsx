import type { JSX } from 'preact';
import { FieldError } from './FieldError';

type InputProps = Omit<JSX.IntrinsicElements['input'], 'onInput' | 'value' | 'name' | 'label' | 'id' | 'ref'>;

interface Props extends InputProps {
  /** the field's path in the request body, e.g. "beneficiary.address.city"; also its id */
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({ name, label, value, onValue, error, hint, ...rest }: Props) {
  const id = fieldId(name);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      )}
      <input
        {...rest}
        id={id}
        name={name}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** An id safe for `for`/`href="#..."` from a dotted field path. */
export function fieldId(path: string): string {
  return `f-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
