import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormActions, FormField } from '../../components/form-field';
import { PageHeader } from '../../components/states';
import { failedSave } from '../../lib/actions';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { toast } from '../../stores/toast';
import { emptyZone, fromSettings, type ShippingForm, toBody } from './shipping-form';
import { ZoneEditor } from './zone-editor';

/**
 * Shipping (settings.write): the zones and their rates, the cash-on-delivery rules and the dispatch calendar,
 * saved together. The API checks the whole set-up (overlapping zones, gaps between weight bands, negative fees,
 * holiday lists) and names every problem; nothing is saved until it is right.
 */
export function ShippingPage() {
  const saved = useQuery(queries.shipping());
  const [form, setForm] = useState<ShippingForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  // A refused save names its problems at the top of the form: they are brought into view and read out.
  useEffect(() => {
    if (error) errorBox.current?.focus();
  }, [error]);
  const save = useApiMutation(
    (f: ShippingForm) => api.delivery.saveSettings({ body: toBody(f) }),
    staleAfter.shipping,
  );
  useEffect(() => {
    if (saved.data) setForm(fromSettings(saved.data));
  }, [saved.data]);

  if (!form) {
    return (
      <>
        <PageHeader title="Shipping" />
        {saved.isError ? (
          <div className="form-error" role="alert">
            {errorMessage(saved.error, 'The shipping settings could not be loaded.')}
          </div>
        ) : (
          <p className="muted">Loading…</p>
        )}
      </>
    );
  }

  const set = (patch: Partial<ShippingForm>) => setForm({ ...form, ...patch });
  const text = (name: Exclude<keyof ShippingForm, 'zones'>) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, {
      onSuccess: (reply) => {
        setError(null);
        toast.reply(reply, 'Shipping settings saved.');
      },
      onError: failedSave(setError, 'The shipping settings could not be saved.'),
    });
  };

  return (
    <>
      <PageHeader
        title="Shipping"
        subtitle={`Zones, rates, cash on delivery and dispatch days. Free-shipping threshold (Settings): ₹${saved.data?.freeShippingThreshold ?? ''}.`}
      />
      <form className="panel form form-wide" onSubmit={submit} noValidate aria-label="Shipping settings">
        {error && (
          <div ref={errorBox} tabIndex={-1} className="form-error" role="alert" data-testid="shipping-error">
            {error}
          </div>
        )}
        <h2>Zones</h2>
        <p className="muted">
          A pincode in no zone cannot be ordered to. No state and no pincode may be in two zones.
        </p>
        {form.zones.map((z, i) => (
          <ZoneEditor
            key={z.key}
            zone={z}
            index={i}
            onChange={(zone) => set({ zones: form.zones.map((o) => (o.key === z.key ? zone : o)) })}
            onRemove={() => set({ zones: form.zones.filter((o) => o.key !== z.key) })}
          />
        ))}
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => set({ zones: [...form.zones, emptyZone()] })}
          >
            Add zone
          </button>
        </div>

        <fieldset className="form-section">
          <legend>Cash on delivery</legend>
          <div className="grid-3">
            <FormField id="cod-max" label="Largest COD order (₹, 0 turns COD off)">
              <input id="cod-max" inputMode="decimal" {...text('codMax')} />
            </FormField>
            <FormField id="cod-fee" label="COD fee (₹)">
              <input id="cod-fee" inputMode="decimal" {...text('codFee')} />
            </FormField>
            <FormField id="cod-percent" label="COD fee (% of the order)">
              <input id="cod-percent" inputMode="decimal" {...text('codFeePercent')} />
            </FormField>
          </div>
          <FormField
            id="cod-blocked"
            label="Pincodes without cash on delivery"
            hint="Six-digit pincodes, separated by commas or lines (say, where parcels came back unopened)."
          >
            <textarea
              id="cod-blocked"
              rows={2}
              aria-describedby="cod-blocked-hint"
              {...text('blockedPincodes')}
            />
          </FormField>
        </fieldset>

        <fieldset className="form-section">
          <legend>Dispatch</legend>
          <div className="grid-2">
            <FormField
              id="cutoff"
              label="Daily cut-off (Indian time)"
              hint="Orders after it count from the next working day. Sundays and holidays are not working days."
            >
              <input id="cutoff" type="time" aria-describedby="cutoff-hint" {...text('cutoff')} />
            </FormField>
            <FormField id="holidays" label="Holidays (one date a line, YYYY-MM-DD, at most 60)">
              <textarea id="holidays" rows={4} {...text('holidays')} />
            </FormField>
          </div>
        </fieldset>

        <FormActions busy={save.isPending} label="Save shipping settings" sticky />
      </form>
    </>
  );
}
