import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import type { Promotion } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '../../components/catalog-form';
import { FormActions, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { deleteWithConfirm } from '../../lib/actions';
import { api } from '../../lib/api';
import { getBridge } from '../../lib/bridge';
import { useApiMutation } from '../../lib/mutations';
import { wholeNumber } from '../../lib/whole-number';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';
import { discountQueries, staleAfterDiscount } from './discount-queries';
import { codesCsv, offerWords, shopTime } from './discount-words';
import { NewsletterCodePanel } from './newsletter-code-panel';

/** Whether a discount runs now, in words (what the staff member checks first). */
function stateOf(p: Promotion, now = Date.now()): { label: string; tone: string } {
  if (!p.active) return { label: 'Off', tone: 'badge badge-muted' };
  if (p.startsAt && Date.parse(p.startsAt) > now)
    return { label: 'Scheduled', tone: 'badge state-pending_payment' };
  if (p.endsAt && Date.parse(p.endsAt) <= now) return { label: 'Ended', tone: 'badge badge-muted' };
  if (p.maxUses !== null && p.used >= p.maxUses) return { label: 'Used up', tone: 'badge badge-muted' };
  return { label: 'Running', tone: 'badge state-delivered' };
}

/** Discounts: codes and automatic offers, with their terms, uses and state; bulk single-use codes as CSV. */
export function DiscountListPage() {
  const list = useQuery(discountQueries.list());
  const remove = useApiMutation((id: string) => api.promotion.remove({ params: { id } }), staleAfterDiscount);
  const [generating, setGenerating] = useState<Promotion | null>(null);
  const canSetShop = useCan('settings.write');
  return (
    <>
      <PageHeader
        title="Discounts"
        subtitle="Discount codes shoppers type, automatic offers and deals. Times are India time."
        actions={
          <Link to={paths.discountAdd} className="btn btn-primary">
            Add discount
          </Link>
        }
      />
      <QueryError query={list} />
      <section className="panel" aria-labelledby="discount-list-title">
        <h2 id="discount-list-title">All discounts</h2>
        {list.isPending ? (
          <Spinner />
        ) : !list.data?.length ? (
          <p className="muted">No discounts yet. Add one to run a sale or a festival offer.</p>
        ) : (
          <table className="table table-stack">
            <TableHead columns={['Name', 'Code', 'Gives', 'Runs', 'Used', 'State', 'Actions']} />
            <tbody>
              {list.data.map((p) => {
                const state = stateOf(p);
                return (
                  <tr key={p._id}>
                    <td data-label="Name" className="strong">
                      {p.name}
                      {p.deal && <span className="muted"> (deal)</span>}
                    </td>
                    <td data-label="Code" className="mono">
                      {p.kind === 'automatic'
                        ? 'Automatic'
                        : [
                            p.code,
                            p.generatedCodes ? `${p.generatedCodes.toLocaleString('en-IN')} generated` : null,
                          ]
                            .filter(Boolean)
                            .join(' · ') || '—'}
                    </td>
                    <td data-label="Gives">{offerWords(p)}</td>
                    <td data-label="Runs">
                      {p.startsAt || p.endsAt
                        ? `${shopTime(p.startsAt) || 'now'} – ${shopTime(p.endsAt) || 'no end'}`
                        : 'Always'}
                    </td>
                    <td data-label="Used">
                      {p.used}
                      {p.maxUses !== null && ` of ${p.maxUses}`}
                    </td>
                    <td data-label="State">
                      <span className={state.tone}>{state.label}</span>
                    </td>
                    <td data-label="Actions">
                      <div className="row-actions">
                        <Link
                          to={paths.discountEdit(p._id)}
                          className="btn btn-ghost btn-sm"
                          aria-label={`Edit ${p.name}`}
                        >
                          Edit
                        </Link>
                        {p.kind === 'code' && (
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm"
                            onClick={() => setGenerating(p)}
                            aria-label={`Generate codes for ${p.name}`}
                          >
                            Generate codes
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-danger-ghost btn-sm"
                          aria-label={`Delete ${p.name}`}
                          onClick={() =>
                            void deleteWithConfirm({
                              remove: () => remove.mutateAsync(p._id),
                              doneText: 'The discount has been deleted.',
                            })
                          }
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      {canSetShop && <NewsletterCodePanel />}
      {generating && <GenerateCodesDialog promotion={generating} onClose={() => setGenerating(null)} />}
    </>
  );
}

/** N new single-use codes for a discount code, saved at once as a CSV file (e.g. 1,000 for a campaign). */
function GenerateCodesDialog({ promotion, onClose }: { promotion: Promotion; onClose: () => void }) {
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [error, setError] = useState<string | null>(null);
  const generate = useApiMutation(
    (body: { count: number; prefix?: string }) =>
      api.promotion.generate({ params: { id: promotion._id }, body }),
    staleAfterDiscount,
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = wholeNumber(count, 1, 10_000);
    if (n === null) {
      setError('Enter how many codes, from 1 to 10,000.');
      return;
    }
    setError(null);
    try {
      const reply = await generate.mutateAsync({
        count: n,
        ...(prefix.trim() ? { prefix: prefix.trim() } : {}),
      });
      const day = new Date().toISOString().slice(0, 10);
      const { saved } = await getBridge().files.saveDocument({
        fileName: `discount-codes-${promotion._id}-${day}.csv`,
        bytes: codesCsv(promotion, reply.codes),
      });
      toast.success(
        saved ? `${reply.msg} Saved as a CSV file.` : `${reply.msg} They are kept with the discount.`,
      );
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The codes could not be generated.'));
    }
  };

  return (
    <Modal title={`Generate codes for ${promotion.name}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">
          Each code works once, on the terms of this discount. The codes are saved as a CSV file to hand out.
        </p>
        <FormError error={error} />
        <TextField
          id="codes-count"
          label="How many codes"
          inputMode="numeric"
          value={count}
          onValue={setCount}
        />
        <TextField
          id="codes-prefix"
          label="Start each code with (optional)"
          maxLength={12}
          value={prefix}
          onValue={setPrefix}
        />
        <FormActions busy={generate.isPending} label="Generate and save CSV" busyLabel="Generating…" />
      </form>
    </Modal>
  );
}
