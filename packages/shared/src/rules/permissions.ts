/**
 * Staff roles and what each may do: the one table the API checks (every admin route names the permission it
 * needs, see contract/define.ts) and the desktop app reads (what a role cannot do is not offered).
 * - Owner: everything, staff and settings included
 * - Manager: catalogue, orders, customers, refunds, returns, discounts, reviews, reports and the change history
 * - Catalogue: categories, colours, products, pictures, stock
 * - Orders: orders, shipping and returns, customers read-only (blocking a customer is customers.write)
 * Every role may read the dashboard and its own account.
 */
export const PERMISSIONS = [
  'dashboard.read',
  'catalog.read',
  'catalog.write',
  'orders.read',
  'orders.write',
  'orders.refund',
  'customers.read',
  'customers.write',
  'settings.read',
  'settings.write',
  'staff.manage',
  'audit.read',
  'promotions.write',
  'returns.write',
  'reviews.write',
  'reports.read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ['owner', 'manager', 'catalogue', 'orders'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  catalogue: 'Catalogue',
  orders: 'Orders',
};

const catalogue: Permission[] = ['dashboard.read', 'catalog.read', 'catalog.write'];
const orders: Permission[] = [
  'dashboard.read',
  'orders.read',
  'orders.write',
  'customers.read',
  'returns.write',
];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: [
    ...new Set([
      ...catalogue,
      ...orders,
      'customers.write',
      'orders.refund',
      'audit.read',
      'promotions.write',
      'reviews.write',
      'reports.read',
    ] as Permission[]),
  ],
  catalogue,
  orders,
};

/** Whether a role has a permission (an unknown role has none). */
export function roleCan(role: StaffRole | string | undefined, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role as StaffRole] ?? []).includes(permission);
}

export const isPermission = (v: string): v is Permission => (PERMISSIONS as readonly string[]).includes(v);
export const isStaffRole = (v: unknown): v is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(v);
