import { financialYear, gstPeriod } from '@voltcart/shared';
import { useId, useState } from 'react';
import { formatBytes } from '../../../shared/image-type';
import type { GstExportFile } from '../../../shared/ipc-contract';
import { TableHead } from '../../components/table-head';
import { getBridge } from '../../lib/bridge';
import { useFileSave } from '../../lib/file-save';

/** The files of a period, in the order an accountant files them. */
const FILES: { file: GstExportFile; name: string; about: string }[] = [
  {
    file: 'sales-register',
    name: 'Sales register (CSV)',
    about: 'One row per tax invoice, bill of supply and credit note (credit notes negative).',
  },
  {
    file: 'gstr1',
    name: 'GSTR-1 (JSON)',
    about: "For the GST portal's offline tool: every table of the return.",
  },
  { file: 'gstr1-b2b', name: 'GSTR-1 B2B (CSV)', about: 'Invoices to buyers with a GSTIN.' },
  { file: 'gstr1-b2cl', name: 'GSTR-1 B2CL (CSV)', about: 'Large invoices to consumers in other states.' },
  { file: 'gstr1-b2cs', name: 'GSTR-1 B2CS (CSV)', about: 'Other sales to consumers, by state and rate.' },
  { file: 'gstr1-cdnr', name: 'GSTR-1 CDNR (CSV)', about: 'Credit notes to buyers with a GSTIN.' },
  { file: 'gstr1-cdnur', name: 'GSTR-1 CDNUR (CSV)', about: 'Credit notes of large invoices to consumers.' },
  { file: 'gstr1-docs', name: 'GSTR-1 documents issued (CSV)', about: 'Each series: first and last number.' },
  { file: 'hsn', name: 'HSN summary (CSV)', about: 'Quantity, taxable value and tax by HSN code and rate.' },
  {
    file: 'eway-bills',
    name: 'E-way bill helper (CSV)',
    about: 'Invoices above ₹50,000 with the fields the e-way bill portal asks for; transport left for you.',
  },
];

const QUARTERS = ['Q1 (April–June)', 'Q2 (July–September)', 'Q3 (October–December)', 'Q4 (January–March)'];

/** Last month in India: the month an accountant files for. */
function lastMonth(): string {
  const ist = new Date(Date.now() + 330 * 60_000);
  const d = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * GST exports (Owner, Manager: `reports.read`): a month or a financial-year quarter, then each file saved where
 * staff choose (the desktop's save dialog, streamed to disk; a download in a browser). The API builds every file
 * from the documents as issued.
 */
export function GstExports() {
  const [kind, setKind] = useState<'month' | 'quarter'>('month');
  const [month, setMonth] = useState(lastMonth);
  const thisFy = Number(financialYear(new Date()).slice(0, 4));
  const [fy, setFy] = useState(thisFy);
  const [quarter, setQuarter] = useState(1);
  const { busy, save: saveFile } = useFileSave<GstExportFile>();
  const ids = { kind: useId(), month: useId(), fy: useId(), quarter: useId() };
  const periodName = kind === 'month' ? month : `${fy}-Q${quarter}`;
  const period = gstPeriod(periodName);

  const save = (file: GstExportFile) =>
    saveFile(
      file,
      async () => {
        const saved = await getBridge().reports.exportGst({ file, period: periodName });
        return saved && `Saved ${saved.fileName} (${formatBytes(saved.bytes)}).`;
      },
      'The export failed.',
    );

  return (
    <section className="panel" aria-labelledby="gst-exports-title">
      <h2 id="gst-exports-title">GST returns and registers</h2>
      <div className="toolbar filters">
        <span className="inline-label">
          <label htmlFor={ids.kind}>Return period</label>
          <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as 'month' | 'quarter')}>
            <option value="month">Month</option>
            <option value="quarter">Quarter</option>
          </select>
        </span>
        {kind === 'month' ? (
          <span className="inline-label">
            <label htmlFor={ids.month}>Month</label>
            <input id={ids.month} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </span>
        ) : (
          <>
            <span className="inline-label">
              <label htmlFor={ids.fy}>Financial year</label>
              <select id={ids.fy} value={fy} onChange={(e) => setFy(Number(e.target.value))}>
                {[0, 1, 2, 3].map((back) => (
                  <option key={back} value={thisFy - back}>
                    {thisFy - back}-{String((thisFy - back + 1) % 100).padStart(2, '0')}
                  </option>
                ))}
              </select>
            </span>
            <span className="inline-label">
              <label htmlFor={ids.quarter}>Quarter</label>
              <select id={ids.quarter} value={quarter} onChange={(e) => setQuarter(Number(e.target.value))}>
                {QUARTERS.map((q, i) => (
                  <option key={q} value={i + 1}>
                    {q}
                  </option>
                ))}
              </select>
            </span>
          </>
        )}
      </div>
      {period ? (
        <p data-testid="gst-period">
          Files for {period.label} (documents issued in that period, India time).
        </p>
      ) : (
        <p role="alert">Choose a month from July 2017 on.</p>
      )}
      <table className="table" aria-labelledby="gst-exports-title">
        <TableHead scope="col" columns={['File', 'What it holds', 'Save']} />
        <tbody>
          {FILES.map((f) => (
            <tr key={f.file}>
              <th scope="row">{f.name}</th>
              <td className="muted">{f.about}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={!period || busy !== null}
                  onClick={() => save(f.file)}
                >
                  {busy === f.file ? 'Saving…' : `Save ${f.name}`}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
