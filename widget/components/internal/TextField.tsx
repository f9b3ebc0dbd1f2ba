import type { JSX } from 'preact';
import { useWidget } from './WidgetContext';

export interface TextFieldProps {
  path: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  type?: 'text' | 'email' | 'tel';
  inputMode?: JSX.HTMLAttributes<HTMLInputElement>['inputMode'];
  /** a native autocomplete token, so the browser's autofill and password managers fill the form */
  autoComplete: string;
  maxLength?: number;
  onValue: (path: string, value: string) => void;
  onLeave: (path: string) => void;
}

/**
 * A labelled input whose hint and error are tied to it with aria-describedby, so a screen reader reads the
 * error when the field gets focus; aria-invalid marks it without relying on colour.
 */
export function TextField(props: TextFieldProps) {
  const { t, idFor } = useWidget();
  const id = idFor(props.path);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="ck-field">
      <label class="ck-label" for={id}>
        {props.label}
        {props.optional && <span class="ck-optional"> ({t('optional')})</span>}
      </label>
      {props.hint && (
        <span id={hintId} class="ck-hint">
          {props.hint}
        </span>
      )}
      <input
        id={id}
        name={props.path}
        class="ck-input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        required={!props.optional}
        aria-required={!props.optional}
        aria-invalid={props.error ? 'true' : 'false'}
        aria-describedby={describedBy}
        value={props.value}
        onInput={(e) => props.onValue(props.path, e.currentTarget.value)}
        onBlur={() => props.onLeave(props.path)}
      />
      {props.error && (
        <p id={errorId} class="ck-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
