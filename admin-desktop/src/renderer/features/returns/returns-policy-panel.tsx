import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import {
  type CategoryReturnPolicy,
  RETURN_POLICIES,
  RETURN_POLICY_LABELS,
  SHIPPING_REFUND_LABELS,
  SHIPPING_REFUND_RULES,
  type ShippingRefundRule,
} from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { FormActions, FormField, TextField } from '../../components/form-field';
import { TableHead } from '../../components/table-head';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { toast } from '../../stores/toast';

const policyKey = ['returns', 'policy'] as const;

/**
 * The returns policy: the window after delivery (days), when shipping goes back with a refund, and what each
 * category allows (refund or replacement, replacement only, not returnable).
 */
export function ReturnsPolicyPanel() {
  const policy = useQuery({
    queryKey: policyKey,
    queryFn: async ({ signal }) => (await api.returns.policy({}, { signal })).policy,
  });
  const ids = { days: useId(), shipping: useId() };
  const [days, setDays] = useState<string | null>(null);
  const [shipping, setShipping] = useState<ShippingRefundRule | null>(null);
  const save = useApiMutation(
    (body: { windowDays: number; shippingRefund: ShippingRefundRule }) => api.returns.savePolicy({ body }),
    [policyKey],
  );
  const saveCategory = useApiMutation(
    (v: { categoryId: string; policy: CategoryReturnPolicy }) =>
      api.returns.saveCategoryPolicy({ params: { categoryId: v.categoryId }, body: { policy: v.policy } }),
    [policyKey],
  );
  if (!policy.data) return null;
  const p = policy.data;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const reply = await save.mutateAsync({
        windowDays: Number(days ?? p.windowDays),
        shippingRefund: shipping ?? p.shippingRefund,
      });
      toast.reply(reply, 'Returns policy saved.');
      setDays(null);
      setShipping(null);
    } catch (err) {
      toast.error(errorMessage(err, 'The returns policy could not be saved.'));
    }
  };
  return (
    <section className="panel" aria-labelledby="returns-policy">
      <h2 id="returns-policy">Returns policy</h2>
      <form onSubmit={(e) => void submit(e)} className="form" noValidate>
        <TextField
          id={ids.days}
          label="Return window (days after delivery)"
          type="number"
          min={1}
          max={365}
          value={days ?? String(p.windowDays)}
          onValue={setDays}
        />
        <FormField id={ids.shipping} label="Refund shipping">
          <select
            id={ids.shipping}
            value={shipping ?? p.shippingRefund}
            onChange={(e) => setShipping(e.target.value as ShippingRefundRule)}
          >
            {SHIPPING_REFUND_RULES.map((r) => (
              <option key={r} value={r}>
                {SHIPPING_REFUND_LABELS[r]}
              </option>
            ))}
          </select>
        </FormField>
        <FormActions busy={save.isPending} label="Save policy" busyLabel="Saving…" />
      </form>
      {p.categories.length > 0 && (
        <table className="table">
          <caption className="muted small">What each category allows after delivery</caption>
          <TableHead columns={['Category', 'Returns']} />
          <tbody>
            {p.categories.map((c) => (
              <tr key={c._id}>
                <td>{c.name}</td>
                <td>
                  <select
                    aria-label={`Returns of ${c.name}`}
                    value={c.policy}
                    disabled={saveCategory.isPending}
                    onChange={(e) =>
                      void saveCategory
                        .mutateAsync({ categoryId: c._id, policy: e.target.value as CategoryReturnPolicy })
                        .then((r) => toast.reply(r, 'Saved.'))
                        .catch((err) => toast.error(errorMessage(err, 'The rule could not be saved.')))
                    }
                  >
                    {RETURN_POLICIES.map((r) => (
                      <option key={r} value={r}>
                        {RETURN_POLICY_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
