import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../components/states';
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, {
      onSuccess: (reply) => {
        setError(null);
        toast.reply(reply, 'Shipping settings saved.');
      },
      onError: (err) => {
        const msg = errorMessage(err, 'The shipping settings could not be saved.');
        setError(msg);
        toast.error(msg);
      },
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
            <div className="field">
              <label className="field-label" htmlFor="cod-max">
                Largest COD order (₹, 0 turns COD off)
              </label>
              <input
                id="cod-max"
                inputMode="decimal"
                value={form.codMax}
                onChange={(e) => set({ codMax: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor="cod-fee">
                COD fee (₹)
              </label>
              <input
                id="cod-fee"
                inputMode="decimal"
                value={form.codFee}
                onChange={(e) => set({ codFee: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor="cod-percent">
                COD fee (% of the order)
              </label>
              <input
                id="cod-percent"
                inputMode="decimal"
                value={form.codFeePercent}
                onChange={(e) => set({ codFeePercent: e.target.value })}
              />
            </div>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="cod-blocked">
              Pincodes without cash on delivery
            </label>
            <textarea
              id="cod-blocked"
              rows={2}
              value={form.blockedPincodes}
              aria-describedby="cod-blocked-hint"
              onChange={(e) => set({ blockedPincodes: e.target.value })}
            />
            <span className="hint" id="cod-blocked-hint">
              Six-digit pincodes, separated by commas or lines (say, where parcels came back unopened).
            </span>
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Dispatch</legend>
          <div className="grid-2">
            <div className="field">
              <label className="field-label" htmlFor="cutoff">
                Daily cut-off (Indian time)
              </label>
              <input
                id="cutoff"
                type="time"
                value={form.cutoff}
                aria-describedby="cutoff-hint"
                onChange={(e) => set({ cutoff: e.target.value })}
              />
              <span className="hint" id="cutoff-hint">
                Orders after it count from the next working day. Sundays and holidays are not working days.
              </span>
            </div>
            <div className="field">
              <label className="field-label" htmlFor="holidays">
                Holidays (one date a line, YYYY-MM-DD, at most 60)
              </label>
              <textarea
                id="holidays"
                rows={4}
                value={form.holidays}
                onChange={(e) => set({ holidays: e.target.value })}
              />
            </div>
          </div>
        </fieldset>

        <div className="form-actions sticky-actions">
          <button className="btn btn-primary" type="submit" disabled={save.isPending}>
            Save shipping settings
          </button>
        </div>
      </form>
    </>
  );
}
