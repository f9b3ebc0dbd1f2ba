import type { FieldError } from '../../shared/contract/errors';
import { fieldName, ownerWords } from '../errorText';
import { fieldId } from './TextField';

interface Props {
  title: string;
  errors: readonly FieldError[];
  /** the paths that have an input on the page; other errors are listed without a link */
  known: (path: string) => string | undefined;
  /** the field's name in words, shown instead of its dotted path where the page has one */
  labelOf?: (path: string) => string | undefined;
}

/**
 * The list of what to fix, at the top of a form, announced when it appears. Each entry moves focus to its
 * field with a button: an in-page "#id" link would be read as a hash route.
 */
export function ErrorSummary({ title, errors, known, labelOf }: Props) {
  if (errors.length === 0) return null;
  return (
    <div class="error-summary" role="alert" tabIndex={-1}>
      <h2>{title}</h2>
      <ul>
        {errors.map((e, i) => {
          const path = known(e.path);
          // the form's label, or the API's name in words: never `payment_amount` (admin/errorText.ts)
          const name = fieldName(e.path, labelOf);
          const message = ownerWords(e.message);
          return (
            <li key={i}>
              {path ? (
                <button type="button" class="link" onClick={() => document.getElementById(fieldId(path))?.focus()}>
                  {name}: {message}
                </button>
              ) : (
                `${name}: ${message}`
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
