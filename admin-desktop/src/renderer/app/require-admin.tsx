import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSession } from '../stores/session';

/** The admin area needs a stored admin session (seed §2); otherwise it goes to /admin/login. */
export function RequireAdmin(props: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const admin = useSession((s) => s.admin);
  const location = useLocation();
  if (!token || !admin) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <>{props.children}</>;
}
