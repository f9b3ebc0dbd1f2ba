import { maskFields } from '../gateway';

/**
 * The owner edits a recipient as the API showed it, with `***3000` where the IBAN was. Each value that equals
 * the masked form of the saved one is taken to mean "unchanged" and replaced by the saved value; anything else
 * (a new IBAN, a field removed) is the owner's change.
 */
export function keepMasked(sent: unknown, saved: unknown): unknown {
  if (Array.isArray(sent)) return sent.map((v, i) => keepMasked(v, Array.isArray(saved) ? saved[i] : undefined));
  if (sent === null || typeof sent !== 'object') return sent;
  const savedObject = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
  const masked = maskFields(savedObject) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(sent).map(([k, v]) => {
      const old = savedObject[k];
      if (typeof v === 'string' && typeof old === 'string' && v !== old && v === masked[k]) return [k, old];
      return [k, keepMasked(v, old)];
    }),
  );
}
