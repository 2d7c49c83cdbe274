import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSession } from '../stores/session';

/**
 * The admin area needs a stored admin session; otherwise it goes to /admin/login. A staff member who
 * must first choose a password or set up two-step sign-in sees only their account page until done.
 */
export function RequireAdmin(props: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const admin = useSession((s) => s.admin);
  const location = useLocation();
  if (!token || !admin) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if ((admin.mustChangePassword || admin.mustEnrolTwoStep) && location.pathname !== paths.account)
    return <Navigate to={paths.account} replace />;
  return <>{props.children}</>;
}
