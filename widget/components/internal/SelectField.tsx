import { useWidget } from './WidgetContext';

export interface SelectFieldProps {
  path: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** the first option, value ''; for an optional select it is a real choice ("pay in full") */
  placeholder: string;
  optional?: boolean;
  error?: string;
  autoComplete: string;
  onValue: (path: string, value: string) => void;
  onLeave: (path: string) => void;
}

/** A labelled native select (keyboard and screen-reader behaviour come with it), errors wired like TextField. */
export function SelectField(props: SelectFieldProps) {
  const { idFor } = useWidget();
  const id = idFor(props.path);
  const errorId = `${id}-error`;
  return (
    <div class="ck-field">
      <label class="ck-label" for={id}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.path}
        class="ck-input"
        autoComplete={props.autoComplete}
        required={!props.optional}
        aria-required={props.optional ? 'false' : 'true'}
        aria-invalid={props.error ? 'true' : 'false'}
        aria-describedby={props.error ? errorId : undefined}
        value={props.value}
        onChange={(e) => props.onValue(props.path, e.currentTarget.value)}
        onBlur={() => props.onLeave(props.path)}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.error && (
        <p id={errorId} class="ck-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
