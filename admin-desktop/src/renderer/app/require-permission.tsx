import type { Permission } from '@voltcart/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/states';
import { paths } from '../config/paths';
import { useSession } from '../stores/session';

/**
 * A screen the staff member's role may open: the navigation already leaves it out for other roles, and an
 * address typed or kept from another session shows why it is closed instead of a screen of refusals.
 */
export function RequirePermission(props: { permission: Permission | undefined; children: ReactNode }) {
  const can = useSession(
    (s) => !props.permission || Boolean(s.admin?.permissions?.includes(props.permission)),
  );
  if (can) return <>{props.children}</>;
  return (
    <>
      <PageHeader title="Not available to your role" />
      <section className="panel">
        <p>
          Your role does not include this screen ({props.permission}). Ask the shop's Owner if you need it.
        </p>
        <Link className="btn btn-ghost" to={paths.dashboard}>
          Back to the dashboard
        </Link>
      </section>
    </>
  );
}
