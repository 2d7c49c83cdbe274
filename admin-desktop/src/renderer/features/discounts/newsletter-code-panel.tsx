import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions, TextField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { wholeNumber } from '../../lib/whole-number';
import { toast } from '../../stores/toast';

/**
 * The newsletter's first-order code (shop settings): the % off a first order each new subscriber is mailed, and
 * for how many days it works. 0 % offers none (the footer then promises none).
 */
export function NewsletterCodePanel() {
  const settings = useQuery(queries.settings());
  const [percent, setPercent] = useState('');
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation(
    (body: { newsletterCodePercent: number; newsletterCodeDays: number }) => api.settings.update({ body }),
    staleAfter.settings,
  );
  useEffect(() => {
    if (!settings.data) return;
    setPercent(String(settings.data.newsletterCodePercent));
    setDays(String(settings.data.newsletterCodeDays));
  }, [settings.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = wholeNumber(percent, 0, 90);
    const d = wholeNumber(days, 1, 365);
    const problem =
      p === null
        ? 'The percentage must be a whole number from 0 to 90.'
        : d === null
          ? 'The days must be a whole number from 1 to 365.'
          : null;
    setError(problem);
    if (problem || p === null || d === null) return;
    save.mutate(
      { newsletterCodePercent: p, newsletterCodeDays: d },
      {
        onSuccess: () => toast.success('The newsletter code is saved.'),
        onError: (err) => setError(errorMessage(err, 'The newsletter code could not be saved.')),
      },
    );
  };

  return (
    <PanelForm titleId="newsletter-code-title" title="Newsletter first-order code" onSubmit={submit}>
      <p className="muted">
        Each new subscriber is mailed a single-use code for their first order. An address whose account
        already has orders gets none, and is told why. 0 % offers no code.
      </p>
      <FormError error={error} />
      <div className="grid-3">
        <TextField
          id="newsletter-percent"
          label="% off the first order"
          inputMode="numeric"
          value={percent}
          onValue={setPercent}
        />
        <TextField
          id="newsletter-days"
          label="Valid for (days)"
          inputMode="numeric"
          value={days}
          onValue={setDays}
        />
      </div>
      <FormActions
        busy={save.isPending}
        label="Save newsletter code"
        busyLabel="Saving…"
        disabled={!settings.data}
      />
    </PanelForm>
  );
}
