import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions, FormField, TextField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { api } from '../../lib/api';
import { textFields } from '../../lib/form-binding';
import { formatDate } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { confirmWarning } from '../../stores/dialog';
import { useSession } from '../../stores/session';
import { toast } from '../../stores/toast';
import { ROLE_HINTS, StaffRoleCell } from './staff-role-cell';
import { StaffSecurityPanel, useResetTwoStep } from './staff-security';

/** A first password the API mailed to the staff member (the Owner never sees it). */
interface Shown {
  message: string;
}

/** The Owner's staff screen: invite, change role, deactivate or reactivate, reset password. */
export function StaffPage() {
  const me = useSession((s) => s.admin?._id);
  const list = useQuery(queries.staff());
  const [shown, setShown] = useState<Shown | null>(null);
  const [form, setForm] = useState({ name: '', email: '', role: 'orders' as StaffRole });
  const field = textFields(form, setForm);
  const [formError, setFormError] = useState<string | null>(null);

  const invite = useApiMutation((body: typeof form) => api.staff.invite({ body }), staleAfter.staff);
  const update = useApiMutation(
    (v: { id: string; body: { role?: StaffRole; active?: boolean } }) =>
      api.staff.update({ params: { id: v.id }, body: v.body }),
    staleAfter.staff,
    { refreshOnRefusal: true },
  );
  const reset = useApiMutation((id: string) => api.staff.resetPassword({ params: { id } }), staleAfter.staff);
  const resetTwoStep = useResetTwoStep();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = !form.name.trim()
      ? 'Please enter the name.'
      : !/^\S+@\S+\.\S+$/.test(form.email.trim())
        ? 'Please enter a valid email address.'
        : null;
    setFormError(problem);
    if (problem) return;
    invite.mutate(
      { name: form.name.trim(), email: form.email.trim(), role: form.role },
      {
        onSuccess: (r) => {
          setShown({ message: r.msg });
          setForm({ name: '', email: '', role: form.role });
          toast.success(`${r.member.name} has been invited.`);
        },
        onError: (err) => setFormError(errorMessage(err, 'The invitation could not be made.')),
      },
    );
  };

  const save = (m: StaffMember, body: { role?: StaffRole; active?: boolean }, done: string) =>
    update.mutate(
      { id: m._id, body },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(errorMessage(err, 'The change could not be saved.')),
      },
    );

  const saveRole = (m: StaffMember, role: StaffRole) =>
    update
      .mutateAsync({ id: m._id, body: { role } })
      .then(() => {
        toast.success(`${m.name} is now ${ROLE_LABELS[role]}.`);
        return true;
      })
      .catch((err) => {
        toast.error(errorMessage(err, 'The change could not be saved.'));
        return false;
      });

  const deactivate = async (m: StaffMember) => {
    const ok = await confirmWarning({
      title: `Deactivate ${m.name}?`,
      text: 'They are logged out at once and cannot log in until reactivated. Their name stays in the history.',
      confirmText: 'Deactivate',
      danger: true,
    });
    if (ok) save(m, { active: false }, `${m.name} has been deactivated.`);
  };

  const resetPassword = async (m: StaffMember) => {
    const ok = await confirmWarning({
      title: `New password for ${m.name}?`,
      text: 'Their current password stops working and every session of theirs ends. We mail them a first password, which they change when they log in.',
      confirmText: 'Make a new password',
    });
    if (!ok) return;
    reset.mutate(m._id, {
      onSuccess: (r) => setShown({ message: r.msg }),
      onError: (err) => toast.error(errorMessage(err, 'The password could not be reset.')),
    });
  };

  return (
    <>
      <PageHeader title="Staff" subtitle="Who can use the back office, and what each role may do" />

      {shown && (
        <section className="panel password-once" aria-live="polite" data-testid="password-mailed">
          <p>{shown.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => setShown(null)}>
            OK
          </button>
        </section>
      )}

      <PanelForm titleId="invite-title" title="Invite a staff member" onSubmit={submit}>
        <FormError error={formError} />
        <div className="grid-3">
          <TextField id="staff-name" label="Name" maxLength={100} {...field('name')} />
          <TextField id="staff-email" label="Email" type="email" {...field('email')} />
          <FormField id="staff-role" label="Role">
            <select
              id="staff-role"
              value={form.role}
              aria-describedby="staff-role-hint"
              onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            <span className="hint" id="staff-role-hint">
              {ROLE_LABELS[form.role]}: {ROLE_HINTS[form.role]}.
            </span>
          </FormField>
        </div>
        <FormActions busy={invite.isPending} label="Invite" busyLabel="Inviting…" />
      </PanelForm>

      <QueryError query={list} />
      <section className="panel" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title">Staff accounts</h2>
        {list.isPending ? (
          <Spinner />
        ) : (
          <table className="table table-stack">
            <TableHead columns={['Name', 'Email', 'Role', 'State', 'Since', 'Actions']} />
            <tbody>
              {(list.data ?? []).map((m) => (
                <tr key={m._id}>
                  <td data-label="Name" className="strong">
                    {m.name}
                    {m._id === me && <span className="muted"> (you)</span>}
                  </td>
                  <td data-label="Email">{m.email}</td>
                  <td data-label="Role">
                    <StaffRoleCell
                      key={m.role}
                      member={m}
                      busy={update.isPending}
                      onSave={(role) => saveRole(m, role)}
                    />
                  </td>
                  <td data-label="State">
                    <span className={m.active ? 'badge state-delivered' : 'badge badge-muted'}>
                      {m.active ? 'Active' : 'Deactivated'}
                    </span>
                  </td>
                  <td data-label="Since">{formatDate(m.createdAt)}</td>
                  <td data-label="Actions">
                    <div className="row-actions">
                      {m.active ? (
                        <button
                          type="button"
                          className="btn btn-danger-ghost btn-sm"
                          onClick={() => deactivate(m)}
                          aria-label={`Deactivate ${m.name}`}
                        >
                          Deactivate
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => save(m, { active: true }, `${m.name} can log in again.`)}
                          aria-label={`Reactivate ${m.name}`}
                        >
                          Reactivate
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => resetPassword(m)}
                        aria-label={`Reset password of ${m.name}`}
                      >
                        Reset password
                      </button>
                      {m.twoStepEnabled && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => resetTwoStep(m)}
                          aria-label={`Turn off two-step sign-in of ${m.name}`}
                        >
                          Reset two-step
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <StaffSecurityPanel />
    </>
  );
}
