import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { type FormEvent, useState } from 'react';
import { FormActions, FormField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { isFirstLoad, ListBody, QueryError } from '../../components/query-states';
import { ErrorBox, PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { api } from '../../lib/api';
import { getBridge } from '../../lib/bridge';
import { formatDateTime, formatINR } from '../../lib/format';
import { useCan } from '../../stores/session';
import { toast } from '../../stores/toast';

const KEY = ['cod'] as const;
/** The columns of what is due by days since delivery: each one's heading and its figure in `byAge`. */
const AGES = [
  ['0–7 days', 'upTo7'],
  ['8–15 days', 'upTo15'],
  ['16–30 days', 'upTo30'],
  ['Over 30 days', 'over30'],
] as const;
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The AWB file chosen with the native picker: its name, its text and how many lines it has. */
interface AwbFile {
  name: string;
  text: string;
  lines: number;
}

/** Records a courier's remittance: carrier, amount, date, reference and the CSV of AWB numbers it covers. */
function RemittanceForm({ carriers }: { carriers: string[] }) {
  const client = useQueryClient();
  const [form, setForm] = useState({ carrier: '', amount: '', remittedOn: today(), reference: '' });
  const [file, setFile] = useState<AwbFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async () => {
    try {
      const picked = await getBridge().files.pickCsv();
      if (!picked) return;
      const text = new TextDecoder().decode(picked.bytes);
      setFile({ name: picked.name, text, lines: text.split(/\r?\n/).filter((l) => l.trim()).length });
    } catch (e) {
      toast.error(errorMessage(e, 'The file could not be read.'));
    }
  };
  const record = useMutation({
    mutationFn: () =>
      api.cod.record({
        body: {
          carrier: form.carrier,
          amount: form.amount,
          remittedOn: form.remittedOn,
          reference: form.reference,
          fileName: file?.name ?? '',
          awbCsv: file?.text ?? '',
        },
      }),
    onSuccess: (r) => {
      toast.success(r.msg);
      setProblem(null);
      setFile(null);
      setForm({ carrier: '', amount: '', remittedOn: today(), reference: '' });
      void client.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => setProblem(errorMessage(e, 'The remittance could not be recorded.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setProblem('Choose the CSV file of AWB numbers the courier sent with the payment.');
    record.mutate();
  };
  const field = (name: keyof typeof form) => ({
    id: `cod-${name}`,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  return (
    <PanelForm titleId="cod-record-title" title="Record a remittance" onSubmit={submit}>
      <p className="muted">
        The orders named in the file are settled. The amount may be less than what is due on them (the
        courier's charges), never more; an AWB twice in the file is refused.
      </p>
      {problem && (
        <div className="form-error" role="alert" data-testid="cod-error">
          {problem}
        </div>
      )}
      <div className="grid-2">
        <FormField id="cod-carrier" label="Carrier">
          <input {...field('carrier')} list="cod-carriers" required />
          <datalist id="cod-carriers">
            {carriers.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </FormField>
        <FormField id="cod-amount" label="Amount received (₹)">
          <input {...field('amount')} type="number" min={0} step="0.01" required />
        </FormField>
        <FormField id="cod-remittedOn" label="Date received">
          <input {...field('remittedOn')} type="date" max={today()} required />
        </FormField>
        <FormField id="cod-reference" label="Reference (UTR or the courier's remittance number)">
          <input {...field('reference')} maxLength={120} required />
        </FormField>
      </div>
      <div className="field">
        <span className="field-label" id="cod-file-label">
          AWB file (CSV: one AWB a line, or a column named AWB)
        </span>
        <div className="inline-form">
          <button type="button" className="btn btn-ghost" onClick={choose} aria-describedby="cod-file-label">
            Choose AWB file…
          </button>
          <span data-testid="cod-file">
            {file ? `${file.name} · ${file.lines} line${file.lines === 1 ? '' : 's'}` : 'No file chosen'}
          </span>
        </div>
      </div>
      <FormActions busy={record.isPending} label="Record remittance" busyLabel="Recording…" />
    </PanelForm>
  );
}

/**
 * COD remittances: the cash couriers collected on delivery and have not paid yet, per carrier and by age
 * (GET /cod/due), the form that records a remittance (Owner and Manager), and the remittances recorded.
 */
export function CodPage() {
  const canRecord = useCan('orders.refund');
  const due = useQuery({ queryKey: [...KEY, 'due'], queryFn: ({ signal }) => api.cod.due({}, { signal }) });
  const list = useQuery({
    queryKey: [...KEY, 'remittances'],
    queryFn: ({ signal }) => api.cod.remittances({ query: { limit: 50 } }, { signal }),
  });
  const carriers = due.data?.carriers ?? [];
  return (
    <>
      <PageHeader
        title="COD remittances"
        subtitle={
          due.data
            ? `${formatINR(due.data.due)} to collect on ${due.data.orders} delivered cash-on-delivery order${due.data.orders === 1 ? '' : 's'}`
            : 'Cash couriers collected on delivery and have not paid yet'
        }
      />
      <section className="panel" aria-labelledby="cod-due-title">
        <h2 id="cod-due-title">Still to collect, by carrier</h2>
        <QueryError query={due} />
        <ListBody
          query={due}
          count={carriers.length}
          empty="Every delivered cash-on-delivery order has been remitted."
        >
          <table className="table table-stack">
            <caption className="visually-hidden">Cash to collect per carrier, by days since delivery</caption>
            <TableHead
              scope="col"
              columns={[
                'Carrier',
                { label: 'Orders', className: 'num' },
                { label: 'Due', className: 'num' },
                ...AGES.map(([label]) => ({ label, className: 'num' })),
                { label: 'Oldest (days)', className: 'num' },
              ]}
            />
            <tbody>
              {carriers.map((c) => (
                <tr key={c.carrier} data-testid="cod-due-row">
                  <th scope="row" data-label="Carrier">
                    {c.carrier}
                  </th>
                  <td className="num" data-label="Orders">
                    {c.orders}
                  </td>
                  <td className="num" data-label="Due">
                    <strong>{formatINR(c.due)}</strong>
                  </td>
                  {AGES.map(([label, key]) => (
                    <td key={key} className="num" data-label={label}>
                      {formatINR(c.byAge[key])}
                    </td>
                  ))}
                  <td className="num" data-label="Oldest (days)">
                    {c.oldestDays}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListBody>
      </section>

      {canRecord && <RemittanceForm carriers={carriers.map((c) => c.carrier)} />}

      <section className="panel" aria-labelledby="cod-list-title">
        <h2 id="cod-list-title">Remittances recorded</h2>
        {list.error && !list.isFetching ? (
          <ErrorBox message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : isFirstLoad(list) ? (
          <Spinner />
        ) : list.data?.remittances.length ? (
          <table className="table table-stack">
            <caption className="visually-hidden">Remittances, the latest received first</caption>
            <TableHead
              scope="col"
              columns={[
                'Received',
                'Carrier',
                'Reference',
                { label: 'Orders', className: 'num' },
                { label: 'Amount', className: 'num' },
                { label: 'Short by', className: 'num' },
                'File',
                'Recorded',
              ]}
            />
            <tbody>
              {list.data.remittances.map((r) => (
                <tr key={r._id} data-testid="cod-remittance-row">
                  <td data-label="Received">{r.remittedOn}</td>
                  <td data-label="Carrier">{r.carrier}</td>
                  <td className="mono" data-label="Reference">
                    {r.reference}
                  </td>
                  <td className="num" data-label="Orders">
                    {r.orders}
                  </td>
                  <td className="num" data-label="Amount">
                    {formatINR(r.amount)}
                  </td>
                  <td className="num" data-label="Short by">
                    {r.shortBy ? formatINR(r.shortBy) : '—'}
                  </td>
                  <td data-label="File">{r.fileName || '—'}</td>
                  <td data-label="Recorded">
                    {formatDateTime(r.createdAt)}
                    {r.recordedBy ? ` by ${r.recordedBy}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="empty">No remittance recorded yet.</p>
        )}
      </section>
    </>
  );
}
