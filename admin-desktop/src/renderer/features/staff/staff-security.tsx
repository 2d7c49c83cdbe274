import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import type { StaffMember } from '@voltcart/shared';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { confirmWarning } from '../../stores/dialog';
import { toast } from '../../stores/toast';

const securityKey = ['staff', 'security'] as const;

/** The Owner's switch: every staff account must use two-step sign-in. */
export function StaffSecurityPanel() {
  const current = useQuery({
    queryKey: securityKey,
    queryFn: async ({ signal }) => (await api.staff.security({}, { signal })).twoStepRequired,
  });
  const save = useApiMutation(
    (twoStepRequired: boolean) => api.staff.saveSecurity({ body: { twoStepRequired } }),
    [securityKey, ...staleAfter.staff],
  );
  const on = current.data === true;
  return (
    <section className="panel form" aria-labelledby="staff-security-title">
      <h2 id="staff-security-title">Two-step sign-in</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={on}
          disabled={current.isPending || save.isPending}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: (r) => toast.reply(r, 'Saved.'),
              onError: (err) => toast.error(errorMessage(err, 'The setting could not be saved.')),
            })
          }
        />{' '}
        Require two-step sign-in for all staff
      </label>
      <p className="muted">
        Each staff member then sets up an authenticator app at their next request before anything else. Set it
        up for your own account first (My account).
      </p>
    </section>
  );
}

/** The Owner turns a member's two-step sign-in off (a lost phone), after a confirmation. */
export function useResetTwoStep() {
  const reset = useApiMutation((id: string) => api.staff.resetTwoStep({ params: { id } }), staleAfter.staff);
  return async (m: StaffMember) => {
    const ok = await confirmWarning({
      title: `Turn off two-step sign-in for ${m.name}?`,
      text: 'Use this when their phone is lost. Every session of theirs ends; they set it up again if it is required.',
      confirmText: 'Turn it off',
    });
    if (!ok) return;
    reset.mutate(m._id, {
      onSuccess: (r) => toast.reply(r, 'Two-step sign-in turned off.'),
      onError: (err) => toast.error(errorMessage(err, 'Two-step sign-in could not be reset.')),
    });
  };
}
