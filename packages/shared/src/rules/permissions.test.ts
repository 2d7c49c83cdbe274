import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, ROLE_PERMISSIONS, roleCan, type StaffRole } from './permissions';

describe('roleCan', () => {
  it.each<[StaffRole, Permission, boolean]>([
    ['owner', 'staff.manage', true],
    ['owner', 'settings.write', true],
    ['manager', 'orders.refund', true],
    ['manager', 'catalog.write', true],
    ['manager', 'audit.read', true],
    ['manager', 'staff.manage', false],
    ['manager', 'settings.write', false],
    ['catalogue', 'catalog.write', true],
    ['catalogue', 'orders.read', false],
    ['catalogue', 'customers.read', false],
    ['orders', 'orders.write', true],
    ['orders', 'customers.read', true],
    ['orders', 'orders.refund', false],
    ['orders', 'catalog.write', false],
  ])('%s × %s → %s', (role, permission, allowed) => {
    expect(roleCan(role, permission)).toBe(allowed);
  });

  it('an unknown role has no permission', () => {
    expect(PERMISSIONS.some((p) => roleCan('admin', p))).toBe(false);
    expect(roleCan(undefined, 'dashboard.read')).toBe(false);
  });

  it('the Owner has every permission, every role can read the dashboard', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    for (const perms of Object.values(ROLE_PERMISSIONS)) expect(perms).toContain('dashboard.read');
  });
});
