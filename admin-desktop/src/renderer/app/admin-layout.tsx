import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Spinner } from '../components/states';
import { paths } from '../config/paths';
import { useSession } from '../stores/session';

const NAV: { to: string; label: string; icon: string; end?: boolean }[] = [
  { to: paths.dashboard, label: 'Dashboards', icon: '▦', end: true },
  { to: paths.categories, label: 'Categories', icon: '◫' },
  { to: paths.colors, label: 'Colours', icon: '◐' },
  { to: paths.products, label: 'Products', icon: '▣' },
  { to: paths.orders, label: 'Orders', icon: '☰' },
  { to: paths.users, label: 'Users', icon: '☺' },
  { to: paths.bulkUpload, label: 'Bulk upload', icon: '⇪' },
  { to: paths.catalogCsv, label: 'Import / export', icon: '⇅' },
  { to: paths.settings, label: 'Settings', icon: '⚙' },
];

/** Sidebar + header frame of every admin screen (seed §2). */
export function AdminLayout() {
  const admin = useSession((s) => s.admin);
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
          {NAV.map((n) => (
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
            <Link to={paths.users}>Users</Link>
            <Link to={paths.settings}>Settings</Link>
            <Link to={paths.logout}>Logout</Link>
            <Link
              to={paths.logoutEverywhere}
              title="Ends this admin account's sessions on every computer and browser"
            >
              Log out everywhere
            </Link>
          </nav>
          <span className="welcome" title={admin?.email}>
            Welcome, Admin
          </span>
        </header>
        <main className="content">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
