import { ownerWords } from '../errorText';

/** The message under a field, in the owner's words; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} class="field-error">
      {ownerWords(message)}
    </p>
  );
}
