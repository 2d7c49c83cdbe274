import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { CATALOG_CSV_COLUMNS, type CatalogImport } from '@voltcart/shared';
import { useState } from 'react';
import { formatBytes } from '../../../shared/image-type';
import { ProgressBar } from '../../components/progress-bar';
import { ErrorBox, PageHeader } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { api } from '../../lib/api';
import { getBridge } from '../../lib/bridge';
import { useFileSave } from '../../lib/file-save';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * Catalogue CSV: export the whole catalogue (saved to disk as it streams), and import a file: the main process
 * reads the chosen file, the API previews it (rows to create, update, unchanged, and every row error), then
 * applies it batch by batch with a progress bar. A failed batch is reported; "Apply again" goes on from it.
 */
export function CatalogCsvPage() {
  const bridge = getBridge();
  const queryClient = useQueryClient();
  const { busy: exporting, save: saveFile } = useFileSave();
  const [busy, setBusy] = useState<'reading' | 'applying' | null>(null);
  const [preview, setPreview] = useState<CatalogImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const exportCsv = () =>
    saveFile(
      true,
      async () => {
        const saved = await bridge.catalog.exportCsv();
        return saved && `Saved ${saved.fileName} (${formatBytes(saved.bytes)}).`;
      },
      'The export failed.',
    );

  const chooseFile = async () => {
    setBusy('reading');
    setFailure(null);
    try {
      const file = await bridge.files.pickCsv();
      if (!file) return;
      setPreview(null);
      const r = await api.catalogCsv.preview({
        body: {
          file: { blob: new Blob([new Uint8Array(file.bytes)], { type: 'text/csv' }), name: file.name },
        },
      });
      setPreview(r.import);
    } catch (e) {
      toast.error(errorMessage(e, 'The file could not be read.'));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!preview) return;
    setBusy('applying');
    setFailure(null);
    let current = preview;
    try {
      while (current.state !== 'done') {
        current = (await api.catalogCsv.apply({ params: { importId: current._id } })).import;
        setPreview(current);
      }
      toast.success(`Import finished: ${count(current.create)} created, ${count(current.update)} updated.`);
    } catch (e) {
      const at = (e as { body?: { import?: CatalogImport } }).body?.import;
      if (at) setPreview(at);
      setFailure(errorMessage(e, 'The import stopped.'));
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    }
  };

  const changes = preview ? preview.create + preview.update : 0;
  const percent = preview?.batches ? (preview.batchesDone / preview.batches) * 100 : 0;

  return (
    <>
      <PageHeader
        title="Catalogue CSV"
        subtitle="Bring products in and out as a spreadsheet, one row per variant"
      />
      <section className="panel" aria-labelledby="csv-export">
        <h2 id="csv-export">Export</h2>
        <p className="muted">
          Every product and variant, with prices, stock, category, colour, memory size and picture file names.
        </p>
        <button className="btn btn-primary" onClick={exportCsv} disabled={exporting !== null}>
          {exporting ? 'Exporting…' : 'Export catalogue'}
        </button>
      </section>

      <section className="panel" aria-labelledby="csv-import">
        <h2 id="csv-import">Import</h2>
        <p className="muted">
          A UTF-8 CSV of at most 50 MB with the columns <code>{CATALOG_CSV_COLUMNS.join(', ')}</code>.
          Variants are matched by SKU: a file imported twice changes nothing. Nothing is saved before you
          apply the preview.
        </p>
        <button className="btn btn-primary" onClick={chooseFile} disabled={busy !== null}>
          {busy === 'reading' ? 'Reading…' : 'Choose CSV file…'}
        </button>
      </section>

      {preview && (
        <section className="panel" aria-labelledby="csv-preview">
          <h2 id="csv-preview">Preview of {preview.fileName}</h2>
          <dl className="csv-counts">
            <div>
              <dt>Rows</dt>
              <dd>{count(preview.rows)}</dd>
            </div>
            <div>
              <dt>To create</dt>
              <dd>{count(preview.create)}</dd>
            </div>
            <div>
              <dt>To update</dt>
              <dd>{count(preview.update)}</dd>
            </div>
            <div>
              <dt>Unchanged</dt>
              <dd>{count(preview.unchanged)}</dd>
            </div>
            <div>
              <dt>Errors</dt>
              <dd>{count(preview.errorCount)}</dd>
            </div>
          </dl>

          {preview.state === 'invalid' ? (
            <>
              <p role="alert">
                Fix {preview.errorCount === 1 ? 'this error' : 'these errors'} in the file and choose it
                again: nothing was saved.
              </p>
              <div className="table-scroll">
                <table className="table">
                  <caption className="muted small">
                    {preview.errors.length < preview.errorCount
                      ? `The first ${count(preview.errors.length)} of ${count(preview.errorCount)} errors`
                      : 'Row errors'}
                  </caption>
                  <TableHead
                    scope="col"
                    columns={[{ label: 'Line', className: 'num' }, 'Column', 'Reason']}
                  />
                  <tbody>
                    {preview.errors.map((e) => (
                      <tr key={`${e.line}-${e.column}`}>
                        <td className="num">{e.line}</td>
                        <td className="mono">{e.column || '—'}</td>
                        <td>{e.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <>
              <ProgressBar
                value={preview.state === 'done' ? 100 : percent}
                label="Import progress"
                tone={failure ? 'bad' : preview.state === 'done' ? 'ok' : 'neutral'}
              />
              <p className="muted" aria-live="polite">
                {preview.state === 'done'
                  ? `Done: ${count(preview.create)} created, ${count(preview.update)} updated, ${count(preview.unchanged)} unchanged.`
                  : preview.batchesDone === 0
                    ? `${preview.batches} ${preview.batches === 1 ? 'batch' : 'batches'} to apply.`
                    : `Batch ${preview.batchesDone} of ${preview.batches} applied.`}
              </p>
              {failure && <ErrorBox message={failure} />}
              {preview.state !== 'done' && (
                <button className="btn btn-primary" onClick={apply} disabled={busy !== null || changes === 0}>
                  {busy === 'applying'
                    ? 'Applying…'
                    : failure || preview.batchesDone > 0
                      ? 'Apply again'
                      : changes === 0
                        ? 'Nothing to change'
                        : `Apply ${count(changes)} ${changes === 1 ? 'change' : 'changes'}`}
                </button>
              )}
            </>
          )}
        </section>
      )}
    </>
  );
}
