import type { AdminPaymentMethod } from '../../shared/contract/admin';

/** One method's change in a save: added, removed, or the fields whose value changed, each before and after. */
export type MethodChange =
  | { id: string; change: 'added'; after: AdminPaymentMethod }
  | { id: string; change: 'removed'; before: AdminPaymentMethod }
  | { id: string; change: 'changed'; fields: Record<string, { before: unknown; after: unknown }> };

/**
 * What a `PUT /admin/api/payment-methods` changed, for the audit line (#22: "what it was before and after"):
 * only the methods that changed, and of those only the fields that did, so that a save that turns one method
 * off reads as exactly that, not as two copies of the whole list. Fields compare by their JSON.
 */
export function diffMethods(
  before: readonly AdminPaymentMethod[],
  after: readonly AdminPaymentMethod[],
): MethodChange[] {
  const old = new Map(before.map((m) => [m.id, m]));
  const now = new Map(after.map((m) => [m.id, m]));
  const changes: MethodChange[] = [];
  for (const m of after) {
    const was = old.get(m.id);
    if (!was) {
      changes.push({ id: m.id, change: 'added', after: m });
      continue;
    }
    const fields: Record<string, { before: unknown; after: unknown }> = {};
    for (const name of new Set([...Object.keys(was), ...Object.keys(m)])) {
      const a = (was as unknown as Record<string, unknown>)[name];
      const b = (m as unknown as Record<string, unknown>)[name];
      if (JSON.stringify(a) !== JSON.stringify(b)) fields[name] = { before: a ?? null, after: b ?? null };
    }
    if (Object.keys(fields).length) changes.push({ id: m.id, change: 'changed', fields });
  }
  for (const m of before) if (!now.has(m.id)) changes.push({ id: m.id, change: 'removed', before: m });
  return changes;
}
