import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { GST_STATES, gstinProblem, gstState, type TaxSettings } from '@voltcart/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { FormActions, FormField, TextAreaField, TextField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { PageHeader, Spinner } from '../../components/states';
import { failedSave } from '../../lib/actions';
import { api } from '../../lib/api';
import { textFields } from '../../lib/form-binding';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { toast } from '../../stores/toast';
import { CategoryTaxTable } from './category-tax-table';

type SellerForm = Omit<TaxSettings, 'stateCode'>;

const EMPTY: SellerForm = {
  registered: true,
  legalName: '',
  tradeName: '',
  gstin: '',
  address: '',
  state: '',
};

const fromSettings = (s: TaxSettings): SellerForm => ({
  registered: s.registered,
  legalName: s.legalName,
  tradeName: s.tradeName,
  gstin: s.gstin,
  address: s.address,
  state: s.state,
});

/** What is wrong with the form before it is sent, in the words the API uses, or null. */
function problemOf(f: SellerForm): string | null {
  if (!f.legalName.trim()) return 'Legal name is required.';
  if (!f.address.trim()) return 'Registered address is required.';
  if (!gstState(f.state)) return 'Please choose the state the shop is registered in.';
  if (!f.registered) return null;
  if (!f.gstin.trim()) return 'GSTIN is required for a registered shop (or choose “Not registered”).';
  const p = gstinProblem(f.gstin, gstState(f.state)!.code);
  return p ? `GSTIN ${p}.` : null;
}

/**
 * The shop's GST settings (Owner, `settings.write`): the seller printed on every invoice (legal and trade name,
 * GSTIN, registered address, state) or "not registered" (bills of supply, no GST), and each category's HSN code
 * and GST rate. Saved settings apply to documents issued from then on; documents already issued keep theirs.
 */
export function TaxSettingsPage() {
  const tax = useQuery(queries.tax());
  const save = useApiMutation((body: SellerForm) => api.tax.update({ body }), staleAfter.tax);
  const [form, setForm] = useState<SellerForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const saved = tax.data?.settings;
  const dirty = !!saved && JSON.stringify(form) !== JSON.stringify(fromSettings(saved));
  useUnsavedChanges(dirty);

  useEffect(() => {
    if (saved) setForm(fromSettings(saved));
  }, [saved]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = problemOf(form);
    setError(problem);
    if (problem) return toast.error(problem);
    save.mutate(
      { ...form, gstin: form.registered ? form.gstin.trim().toUpperCase() : '' },
      {
        onSuccess: (reply) => toast.reply(reply, 'Tax settings saved.'),
        onError: failedSave(setError, 'The tax settings could not be saved.'),
      },
    );
  };

  if (tax.isPending) return <Spinner />;
  if (tax.error) return <div className="form-error">{errorMessage(tax.error)}</div>;
  const set = (patch: Partial<SellerForm>) => setForm({ ...form, ...patch });
  const field = textFields(form, setForm);

  return (
    <>
      <PageHeader
        title="Tax (GST)"
        subtitle="What invoices say about the seller, and the HSN code and rate of each category. Changes apply to documents issued from now on; documents already issued never change."
      />
      <PanelForm titleId="seller-title" title="Seller" onSubmit={submit}>
        {error && (
          <div className="form-error" role="alert" data-testid="tax-settings-error">
            {error}
          </div>
        )}
        <fieldset className="field">
          <legend className="field-label">GST registration</legend>
          <label className="check">
            <input
              type="radio"
              name="registered"
              checked={form.registered}
              onChange={() => set({ registered: true })}
            />
            Registered for GST: orders get a tax invoice with CGST and SGST or IGST
          </label>
          <label className="check">
            <input
              type="radio"
              name="registered"
              checked={!form.registered}
              onChange={() => set({ registered: false })}
            />
            Not registered: orders get a bill of supply, with no GST charged or shown
          </label>
        </fieldset>
        <div className="grid-2">
          <TextField id="tax-legal-name" label="Legal name" maxLength={120} {...field('legalName')} />
          <TextField
            id="tax-trade-name"
            label="Trade name"
            maxLength={120}
            aria-describedby="tax-trade-name-hint"
            {...field('tradeName')}
            hint="Optional: the name the shop trades under, when not its legal name."
          />
          <FormField id="tax-state" label="State">
            <select id="tax-state" value={form.state} onChange={(e) => set({ state: e.target.value })}>
              <option value="">Choose a state</option>
              {Object.entries(GST_STATES).map(([name, code]) => (
                <option key={code} value={name}>
                  {name} ({code})
                </option>
              ))}
            </select>
          </FormField>
          <TextField
            id="tax-gstin"
            label="GSTIN"
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            disabled={!form.registered}
            aria-describedby="tax-gstin-hint"
            value={form.registered ? form.gstin : ''}
            onValue={(v) => set({ gstin: v.toUpperCase() })}
            hint="15 characters; its first two digits are the state's code."
          />
        </div>
        <TextAreaField
          id="tax-address"
          label="Registered address"
          rows={3}
          maxLength={300}
          {...field('address')}
        />
        <FormActions busy={save.isPending} label="Save tax settings" />
      </PanelForm>
      <CategoryTaxTable categories={tax.data.categories} slabs={tax.data.slabs} />
    </>
  );
}
