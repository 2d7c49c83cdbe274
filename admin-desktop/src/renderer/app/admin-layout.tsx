import { useQuery } from '@tanstack/react-query';
import { type Permission, ROLE_LABELS } from '@voltcart/shared';
import { Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/states';
import { paths } from '../config/paths';
import { queries } from '../lib/queries';
import { useSession } from '../stores/session';
import { RequirePermission } from './require-permission';

/**
 * The side navigation; an entry with a permission shows only to roles that have it, and the screens under its
 * address open only for them (RequirePermission).
 */
const NAV: { to: string; label: string; icon: string; end?: boolean; permission?: Permission }[] = [
  { to: paths.dashboard, label: 'Dashboards', icon: '▦', end: true },
  { to: paths.categories, label: 'Categories', icon: '◫', permission: 'catalog.write' },
  { to: paths.colors, label: 'Colours', icon: '◐', permission: 'catalog.write' },
  { to: paths.products, label: 'Products', icon: '▣', permission: 'catalog.write' },
  { to: paths.orders, label: 'Orders', icon: '☰', permission: 'orders.read' },
  { to: paths.returns, label: 'Returns', icon: '↩', permission: 'returns.write' },
  { to: paths.users, label: 'Users', icon: '☺', permission: 'customers.read' },
  { to: paths.discounts, label: 'Discounts', icon: '%', permission: 'promotions.write' },
  { to: paths.bulkUpload, label: 'Bulk upload', icon: '⇪', permission: 'catalog.write' },
  { to: paths.catalogCsv, label: 'Import / export', icon: '⇅', permission: 'catalog.write' },
  { to: paths.staff, label: 'Staff', icon: '☷', permission: 'staff.manage' },
  { to: paths.history, label: 'History', icon: '⟲', permission: 'audit.read' },
  { to: paths.reviews, label: 'Reviews', icon: '★', permission: 'reviews.write' },
  { to: paths.stockAlerts, label: 'Stock alerts', icon: '⏰', permission: 'catalog.read' },
  { to: paths.tax, label: 'Tax (GST)', icon: '₹', permission: 'settings.write' },
  { to: paths.reports, label: 'Reports', icon: '◔', permission: 'reports.read' },
  { to: paths.cod, label: 'COD remittances', icon: '⛁', permission: 'orders.read' },
  { to: paths.shipping, label: 'Shipping', icon: '⇢', permission: 'settings.write' },
  { to: paths.settings, label: 'Settings', icon: '⚙' },
];

const permissionsOf = (a: { role?: string; permissions?: readonly string[] } | null | undefined) =>
  `${a?.role} ${a?.permissions?.join(',')}`;

/** Sidebar + header frame of every admin screen. */
export function AdminLayout() {
  const admin = useSession((s) => s.admin);
  const permissions = admin?.permissions ?? [];
  const allowed = (p?: Permission) => !p || permissions.includes(p);
  const { pathname } = useLocation();
  const screen = NAV.find((n) => !n.end && (pathname === n.to || pathname.startsWith(`${n.to}/`)));
  // The stored session's role may have changed since (or predate roles): the API's word replaces it before the
  // screens load their data (when it cannot be had, the stored one stands; the API checks every call anyway).
  const me = useQuery(queries.me());
  const checked = me.isFetched && (!me.data || permissionsOf(me.data) === permissionsOf(admin));
  useEffect(() => {
    if (me.data) void useSession.getState().refresh(me.data);
  }, [me.data]);
  return (
    <div className="shell">
      <aside className="sidebar">
        <Link to={paths.dashboard} className="brand" aria-label="Voltcart Admin home">
          <span className="brand-mark" aria-hidden="true">
            ⚡
          </span>
          <span>
            Voltcart <small>Admin</small>
          </span>
        </Link>
        <nav aria-label="Main">
          {NAV.filter((n) => allowed(n.permission)).map((n) => (
            <NavLink key={n.to} to={n.to} end={n.end} className="nav-link" title={n.label}>
              <span className="nav-icon" aria-hidden="true">
                {n.icon}
              </span>
              <span className="nav-label">{n.label}</span>
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="main">
        <header className="topbar">
          <nav className="topnav" aria-label="Account">
            <Link to={paths.dashboard}>Dashboard</Link>
            {allowed('customers.read') && <Link to={paths.users}>Users</Link>}
            <Link to={paths.settings}>Settings</Link>
            <Link to={paths.account}>My account</Link>
            <Link to={paths.logout}>Logout</Link>
            <Link
              to={paths.logoutEverywhere}
              title="Ends this admin account's sessions on every computer and browser"
            >
              Log out everywhere
            </Link>
          </nav>
          <span className="welcome" title={admin?.email}>
            Welcome, Admin{' '}
            {admin?.role && (
              <span className="badge" data-testid="signed-in-role">
                {ROLE_LABELS[admin.role]}
              </span>
            )}
          </span>
        </header>
        <main className="content">
          <Suspense fallback={<Spinner />}>
            {checked ? (
              <RequirePermission permission={screen?.permission}>
                <Outlet />
              </RequirePermission>
            ) : (
              <Spinner />
            )}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
