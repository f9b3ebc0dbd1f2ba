export interface Announcement {
  text: string;
  /** a new id re-announces the same text (a second failed submit must be heard too) */
  id: number;
}

/**
 * The widget's polite live region. Each announcement is a new node, which screen readers speak even when the text
 * repeats; the region itself stays in the DOM from the first render, as live regions must.
 */
export function Announcer({ announcement }: { announcement: Announcement | undefined }) {
  return (
    <div class="ck-sr-only" aria-live="polite" aria-atomic="true">
      {announcement && <p key={announcement.id}>{announcement.text}</p>}
    </div>
  );
}
