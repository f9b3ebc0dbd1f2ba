/** A timestamp in the owner's locale and time zone, inside <time> so the exact value stays machine-readable. */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <>{iso}</>;
  return <time dateTime={iso}>{d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}
