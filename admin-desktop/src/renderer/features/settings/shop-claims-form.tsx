import { MAX_PROMISES, type ShopSettings } from '@voltcart/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions, TextField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { failedSave } from '../../lib/actions';
import { api } from '../../lib/api';
import { textFields } from '../../lib/form-binding';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

interface ClaimsForm {
  emiEnabled: boolean;
  supportHours: string;
  promises: string[];
}

const fromSettings = (s: ShopSettings): ClaimsForm => ({
  emiEnabled: s.emiEnabled === true,
  supportHours: s.supportHours ?? '',
  promises: Array.from({ length: MAX_PROMISES }, (_, i) => s.promises?.[i] ?? ''),
});

/**
 * What the storefront promises shoppers (Settings, `settings.write`): the promise strip's texts, the support
 * hours every page shows, and whether product pages show a monthly EMI figure. Each is a claim the shop must
 * keep, so the defaults claim only what the shop does anyway.
 */
export function ShopClaimsForm({ settings }: { settings: ShopSettings }) {
  const [form, setForm] = useState<ClaimsForm>(() => fromSettings(settings));
  const field = textFields(form, setForm);
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation((body: ClaimsForm) => api.settings.update({ body }), staleAfter.settings);

  useEffect(() => setForm(fromSettings(settings)), [settings]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const supportHours = form.supportHours.trim();
    const promises = form.promises.map((t) => t.trim()).filter(Boolean);
    const problem = !supportHours
      ? 'Please enter the support hours, e.g. “Mon–Sat, 9 am – 8 pm”.'
      : [supportHours, ...promises].some((t) => t.length > 60)
        ? 'Each text may be at most 60 characters.'
        : null;
    setError(problem);
    if (problem) return toast.error(problem);
    save.mutate(
      { emiEnabled: form.emiEnabled, supportHours, promises },
      {
        onSuccess: (reply) => toast.reply(reply, 'Settings saved.'),
        onError: failedSave(setError, 'The storefront texts could not be saved.'),
      },
    );
  };

  return (
    <PanelForm titleId="claims-title" title="What the storefront promises" onSubmit={submit}>
      <p className="muted">
        Shoppers read these as promises. Show only what the shop does: free shipping follows the threshold
        above, and no text here may promise returns, discounts or deals the shop does not give.
      </p>
      <FormError error={error} />
      <fieldset className="field">
        <legend className="field-label">Promise strip (under the header, up to {MAX_PROMISES})</legend>
        {form.promises.map((text, i) => (
          <input
            key={i}
            aria-label={`Promise ${i + 1}`}
            maxLength={60}
            value={text}
            onChange={(e) =>
              setForm({ ...form, promises: form.promises.map((t, j) => (j === i ? e.target.value : t)) })
            }
          />
        ))}
      </fieldset>
      <TextField
        id="support-hours"
        label="Support hours"
        maxLength={60}
        aria-describedby="support-hours-hint"
        {...field('supportHours')}
        hint="When the hotline answers: shown in the footer, on product pages and the about page."
      />
      <div className="field">
        <label className="check-filter">
          <input
            type="checkbox"
            checked={form.emiEnabled}
            aria-describedby="emi-hint"
            onChange={(e) => setForm({ ...form, emiEnabled: e.target.checked })}
          />{' '}
          Show the monthly EMI figure on product pages
        </label>
        <span className="hint" id="emi-hint">
          Product pages then show the cheapest monthly instalment of the EMI plans your Razorpay account
          offers for the price, in whole rupees; nothing when it offers none, and never on items that cannot
          be bought.
        </span>
      </div>
      <FormActions busy={save.isPending} label="Save storefront texts" />
    </PanelForm>
  );
}
