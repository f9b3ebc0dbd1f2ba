import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Permission } from '../shared/contract/roles';
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
