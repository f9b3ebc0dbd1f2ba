import type { FaultSwitch } from '../faults/createFaultSwitch';
import type { Fault } from '../faults/faultRule';
import type { NotificationRow } from '../store/notifications';

export type NotifyFault = { id: string; fault: Extract<Fault, { kind: 'drop' | 'duplicate' | 'delay' | 'reorder' }> };

/**
 * The delivery loop's side of the fault switch. A notification's fault is decided once, before its first
 * attempt; retries of a notification are never faulted again (its backoff schedule is the sandbox's normal
 * behaviour). `reorder` keeps the notification out of delivery until a later notification of the same
 * transaction has been attempted; both the decision and the held-back set live in memory with the rules, so a
 * restart sends a held notification normally.
 */
export function notificationFaults(faults: FaultSwitch) {
  /** decided but not attempted yet (delayed or released): must not be decided again */
  const decided = new Set<string>();
  /** transaction_id -> the notify_id held back for it */
  const heldBack = new Map<string, string>();

  return {
    /** notify_ids the delivery loop must not send now */
    held: (): string[] => [...heldBack.values()],

    /** The fault for this notification, taken from the switch; undefined: send it as usual. */
    pick(row: NotificationRow): NotifyFault | undefined {
      if (row.attempts > 0 || decided.has(row.notify_id) || !faults.armed('notify')) return undefined;
      decided.add(row.notify_id);
      // a second notification of a transaction that already has one held back is the one that releases it
      const rule = faults.take(
        'notify',
        { accountId: row.account_id, orderNos: [row.order_no] },
        (r) => r.fault.kind !== 'reorder' || !heldBack.has(row.transaction_id),
      );
      if (!rule) return undefined;
      if (rule.fault.kind === 'reorder') heldBack.set(row.transaction_id, row.notify_id);
      return { id: rule.id, fault: rule.fault as NotifyFault['fault'] };
    },

    /** After an attempt at `row`: it is past its first attempt, and one held back for its transaction may go now. */
    attempted(row: NotificationRow): void {
      decided.delete(row.notify_id);
      const held = heldBack.get(row.transaction_id);
      if (held !== undefined && held !== row.notify_id) heldBack.delete(row.transaction_id);
    },
  };
}
