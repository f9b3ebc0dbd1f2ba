import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

interface Props {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmDisabled?: boolean;
  /** the button that closes without doing anything; "Cancel" unless that would read as the action itself */
  dismissLabel?: string;
}

/**
 * A modal built on the native <dialog>: showModal() traps focus, makes the page behind it inert and closes on
 * Escape, and the browser returns focus to the button that opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  confirmDisabled,
  dismissLabel = 'Cancel',
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!confirmDisabled) onConfirm();
        }}
      >
        <h2 id="dialog-title">{title}</h2>
        {children}
        <div class="actions">
          <button type="button" onClick={onCancel}>
            {dismissLabel}
          </button>
          <button type="submit" class="primary" disabled={confirmDisabled}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
