/** The message under a field; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} class="field-error">
      {message}
    </p>
  );
}
