import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type Permission, permissionsOf, type StaffRole } from '../shared/contract/roles';
import type { BulkAction } from './api/client';

/**
 * What the signed-in role may do, from `GET /admin/api/me`, read once at sign-in. The page shows only the
 * controls the role may use (the server refuses the rest anyway). `null` (no provider: a component on its own in
 * a test) shows everything.
 */
export const PermissionsContext = createContext<ReadonlySet<string> | null>(null);

export function useCan(): (permission: Permission) => boolean {
  const granted = useContext(PermissionsContext);
  return (permission) => granted === null || granted.has(permission);
}

/** The permission each order action needs (shared/contract/roles.ts). */
export const ACTION_PERMISSION: Record<BulkAction | 'sync', Permission> = {
  capture: 'orders.operate',
  cancel: 'orders.operate',
  review: 'orders.review',
  refund: 'orders.refund',
  sync: 'orders.sync',
};

/**
 * What each permission lets a person do, in the owner's words; null: said by another (the amount a refund may
 * reach), or not a person's power (the shop server's). Read with the role table (shared/contract/roles.ts) by
 * roleDescription, so the Team page says what the server enforces, never a second list of it.
 */
const PERMISSION_WORDS: Record<Permission, string | null> = {
  'orders.read': 'see orders, disputes and the overview',
  'orders.operate': 'capture and cancel payments',
  'orders.review': 'approve or reject held orders',
  'orders.refund': 'refund up to the support refund limit',
  'orders.refund_any_amount': null,
  'orders.sync': 'check orders with the gateway',
  'orders.export': 'export orders',
  'payouts.read': 'see payouts',
  'payouts.send': 'send payouts',
  'methods.read': 'see payment methods',
  'methods.write': 'change payment methods',
  'audit.read': 'read the audit log',
  'team.manage': 'manage people, API keys and the refund limit',
  'shop_endpoints.manage': 'choose where shop events go',
  'metrics.read': 'read the metrics',
  'sessions.create': null,
  'shop.read': null,
};

/** One line of what `role` may do, from the permissions the server gives it: "See orders, ..., export orders." */
export function roleDescription(role: StaffRole): string {
  const held = permissionsOf(role);
  const words = held.flatMap((p) => {
    if (p === 'orders.refund' && held.includes('orders.refund_any_amount')) return ['refund any amount'];
    return PERMISSION_WORDS[p] ?? [];
  });
  const line = words.join(', ');
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
}
