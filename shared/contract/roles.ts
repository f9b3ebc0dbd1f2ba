/**
 * Who may do what (issues #21 and #22), shared by the backend (which enforces it) and the admin page (which
 * shows only the controls a role may use): one table of roles and the permissions each holds. Every admin route and
 * every shop-server route names the one permission it needs (`requirePermission`), so this table is the whole
 * policy: a reader checks a role's powers here, not in the routes.
 *
 * Staff roles (people and their API keys): `owner`, `finance`, `support`, `viewer`. The `shop` role is the shop's
 * own web server (the `SHOP_SECRET` and shop-server keys): it creates sessions and reads orders, sessions and
 * events, and nothing else: no refund, no payout, no settings.
 */
export const ROLES = ['owner', 'finance', 'support', 'viewer', 'shop'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person can hold (a shop-server key is not a person). */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'viewer'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

const PERMISSIONS = [
  /** list and read orders, their history, disputes, alerts, stats, the audit log */
  'orders.read',
  /** capture and cancel */
  'orders.operate',
  /** approve or reject an order held for review */
  'orders.review',
  /** refund (support: up to the owner's per-refund limit) */
  'orders.refund',
  /** refund any amount; without it a refund is held to the support refund limit (server/refunds/refundLimit.ts) */
  'orders.refund_any_amount',
  /** ask the gateway for an order's state and apply it (changes nothing at the gateway) */
  'orders.sync',
  /** download orders as a file */
  'orders.export',
  'payouts.read',
  'payouts.send',
  'methods.read',
  'methods.write',
  'audit.read',
  /** users, roles, API keys, the shop's event endpoints, the support refund limit */
  'team.manage',
  'shop_endpoints.manage',
  'metrics.read',
  /** the shop server's powers */
  'sessions.create',
  'shop.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ['orders.read', 'methods.read', 'audit.read'];

const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS.filter((p) => p !== 'sessions.create' && p !== 'shop.read')),
  finance: new Set<Permission>([
    ...READ,
    'orders.operate',
    'orders.review',
    'orders.refund',
    'orders.refund_any_amount',
    'orders.sync',
    'orders.export',
    'payouts.read',
    'payouts.send',
  ]),
  support: new Set<Permission>([...READ, 'orders.review', 'orders.refund', 'orders.sync', 'orders.export']),
  viewer: new Set<Permission>([...READ, 'payouts.read']),
  shop: new Set<Permission>(['sessions.create', 'shop.read']),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** Every permission `role` holds, in the table's order (what `GET /admin/api/me` tells the admin page). */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((p) => can(role, p));
}
