/**
 * A timestamp in the owner's locale and time zone, with seconds and the zone's name (two events a second
 * apart, or a time read by someone in another zone, must not look alike); inside <time> so the exact value
 * stays machine-readable, and on hover as the backend sent it.
 */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <>{iso}</>;
  return (
    <time dateTime={iso} title={iso}>
      {d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' })}
    </time>
  );
}
