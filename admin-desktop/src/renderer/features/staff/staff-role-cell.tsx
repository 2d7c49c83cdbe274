import {
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@voltcart/shared';
import { useState } from 'react';
import { confirmWarning } from '../../stores/dialog';

export const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'everything, staff and settings included',
  manager: 'catalogue, orders, customers, refunds, history',
  catalogue: 'categories, colours, products, pictures, stock',
  orders: 'orders and shipping, customers read-only',
};

/**
 * A staff member's role in the list: choosing another one in the dropdown changes nothing yet; "Save role" asks
 * first, naming what the new role may do (a role change takes effect at their next request), and only then saves.
 * Cancelling, or a refusal from the API, shows the role they have.
 */
export function StaffRoleCell(props: {
  member: StaffMember;
  busy: boolean;
  onSave: (role: StaffRole) => Promise<boolean>;
}) {
  const { member: m } = props;
  const [chosen, setChosen] = useState<StaffRole>(m.role);
  const changed = chosen !== m.role;

  const save = async () => {
    const ok = await confirmWarning({
      title: `Make ${m.name} ${ROLE_LABELS[chosen]}?`,
      text: `From their next request they may do: ${ROLE_HINTS[chosen]}, and nothing their ${ROLE_LABELS[m.role]} role allowed beyond that.`,
      confirmText: 'Change role',
      danger: chosen === 'owner',
    });
    if (!ok || !(await props.onSave(chosen))) setChosen(m.role);
  };

  return (
    <div className="role-cell">
      <select
        aria-label={`Role of ${m.name}`}
        value={chosen}
        disabled={props.busy}
        title={ROLE_PERMISSIONS[chosen].join(', ')}
        onChange={(e) => setChosen(e.target.value as StaffRole)}
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      {changed && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={props.busy}
          onClick={() => void save()}
          aria-label={`Save role of ${m.name}`}
        >
          Save role
        </button>
      )}
    </div>
  );
}
