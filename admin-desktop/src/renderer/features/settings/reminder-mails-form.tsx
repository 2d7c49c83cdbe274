import type { ShopSettings } from '@voltcart/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions, TextField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { failedSave } from '../../lib/actions';
import { api } from '../../lib/api';
import { textFields } from '../../lib/form-binding';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { wholeNumber } from '../../lib/whole-number';
import { toast } from '../../stores/toast';

interface RemindersForm {
  cartReminderHours: string;
  reviewRequestDays: string;
}

const fromSettings = (s: ShopSettings): RemindersForm => ({
  cartReminderHours: String(s.cartReminderHours ?? 24),
  reviewRequestDays: String(s.reviewRequestDays ?? 7),
});

/**
 * The reminder mails the shop writes (Settings, `settings.write`): the abandoned-cart reminder after a cart has
 * waited this many hours, and the review request this many days after delivery; 0 turns either off. Shoppers stop
 * both with the link in the mail or in their profile.
 */
export function ReminderMailsForm({ settings }: { settings: ShopSettings }) {
  const [form, setForm] = useState<RemindersForm>(() => fromSettings(settings));
  const field = textFields(form, setForm);
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation(
    (body: { cartReminderHours: number; reviewRequestDays: number }) => api.settings.update({ body }),
    staleAfter.settings,
  );

  useEffect(() => setForm(fromSettings(settings)), [settings]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const hours = wholeNumber(form.cartReminderHours, 0, 720);
    const days = wholeNumber(form.reviewRequestDays, 0, 90);
    const problem =
      hours === null
        ? 'The cart reminder must be a whole number of hours, from 0 to 720.'
        : days === null
          ? 'The review request must be a whole number of days, from 0 to 90.'
          : null;
    setError(problem);
    if (problem || hours === null || days === null) return toast.error(problem ?? '');
    save.mutate(
      { cartReminderHours: hours, reviewRequestDays: days },
      {
        onSuccess: (reply) => toast.reply(reply, 'Settings saved.'),
        onError: failedSave(setError, 'The reminder mails could not be saved.'),
      },
    );
  };

  return (
    <PanelForm titleId="reminders-title" title="Reminder mails" onSubmit={submit}>
      <p className="muted">
        One mail per cart a logged-in shopper leaves untouched, and one per delivered order asking for a
        review. 0 turns a mail off. Shoppers can stop both from the mail or their profile.
      </p>
      <FormError error={error} />
      <div className="grid-2">
        <TextField
          id="cart-reminder-hours"
          label="Cart reminder after (hours)"
          type="number"
          min={0}
          max={720}
          step="1"
          {...field('cartReminderHours')}
        />
        <TextField
          id="review-request-days"
          label="Review request after delivery (days)"
          type="number"
          min={0}
          max={90}
          step="1"
          {...field('reviewRequestDays')}
        />
      </div>
      <FormActions busy={save.isPending} label="Save reminder mails" />
    </PanelForm>
  );
}
