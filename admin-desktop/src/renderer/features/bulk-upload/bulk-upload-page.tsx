import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatBytes } from '../../../shared/image-type';
import type { BulkJob, BulkProgress, ScannedFile, ScanResult } from '../../../shared/ipc-contract';
import {
  assignDefaultRoles,
  type ColorMatches,
  chooseProduct,
  type ImageRole,
  type MatchableProduct,
  type MatchEntry,
  matchFiles,
  summarise,
} from '../../../shared/match';
import type { ItemProgress, QueueTotals } from '../../../shared/upload-queue';
import { ProgressBar } from '../../components/progress-bar';
import { QueryError } from '../../components/query-states';
import { PageHeader, Spinner } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { getBridge, isBrowserBridge } from '../../lib/bridge';
import { formatSeconds } from '../../lib/format';
import { queries } from '../../lib/queries';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

type Entry = MatchEntry<ScannedFile> & { skip?: boolean };
type Filter = 'all' | 'matched' | 'unmatched' | 'ambiguous';

interface RunState {
  runId: string;
  /** The folder and choices the run was started with (see jobsKey). */
  key: string;
  items: Map<string, ItemProgress>;
  totals: QueueTotals | null;
  finished: boolean;
  elapsedMs: number;
  summary: BulkProgress['summary'];
}

const STATE_TEXT: Record<ItemProgress['state'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  retrying: 'Retrying',
  done: 'Uploaded',
  existing: 'Already there',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** An empty folder needs no matching (one object, so that matching does not run again on every render). */
const NO_MATCHES: {
  products: MatchableProduct[];
  colors: ColorMatches;
  ambiguous: Record<string, string[]>;
} = { products: [], colors: {}, ambiguous: {} };

/** Rows shown at once; the rest behind "Show all" so a 5000-photo folder stays responsive. */
const PAGE_ROWS = 300;

/**
 * Bulk image upload: choose a folder, see how its photos match products (`<slug>[-N].jpg` or SKU) and colour
 * galleries (`<slug>-<colour-slug>[-N].jpg` or a variant's SKU), fix the ambiguous ones and the roles, upload a few at a time with overall and per-file progress, retry, cancel.
 * The desktop app scans and uploads in the main process (files stream from disk); a browser uses its own
 * bridge with the same matching and queue.
 */
export function BulkUploadPage() {
  const bridge = getBridge();
  const [scan, setScan] = useState<ScanResult | null>(null);
  const [scanning, setScanning] = useState(false);
  const queryClient = useQueryClient();
  // The products the folder's file names may mean, found by the API (however many products the shop has).
  const names = useMemo(() => (scan?.files ?? []).map((f) => f.name), [scan]);
  const productList = useQuery({
    ...queries.imageMatches(scan?.scanId ?? '', names),
    enabled: names.length > 0,
  });
  const matches = scan && !names.length ? NO_MATCHES : productList.data;
  const products = matches?.products;
  const productError = productList.error && !productList.isFetching ? productList.error : null;
  const [entries, setEntries] = useState<Entry[]>([]);
  /** Files whose role staff chose: automatic role balancing leaves them alone. */
  const kept = useRef<Set<string>>(new Set());
  const [filter, setFilter] = useState<Filter>('all');
  const [showAll, setShowAll] = useState(false);
  const [concurrency, setConcurrency] = useState(4);
  const [run, setRun] = useState<RunState | null>(null);
  const runIdRef = useRef<string | null>(null);

  /** Events that arrive before start() has told us the run's id are kept and replayed. */
  const early = useRef<BulkProgress[]>([]);
  const apply = (p: BulkProgress) => {
    // The pictures are on the products now: product screens load afresh when next shown.
    if (p.finished)
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all, refetchType: 'none' });
    setRun((r) => {
      if (!r || r.runId !== p.runId) return r;
      const items = new Map(r.items);
      for (const it of p.items) items.set(it.id, it);
      return {
        ...r,
        items,
        totals: p.totals,
        finished: p.finished,
        elapsedMs: p.elapsedMs,
        summary: p.summary,
      };
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribe once per bridge
  useEffect(
    () =>
      bridge.bulk.onProgress((p) => {
        if (runIdRef.current === null) early.current.push(p);
        else if (p.runId === runIdRef.current) apply(p);
      }),
    [bridge],
  );

  // Matching starts again when the folder or the product list changes; the list keeps its identity while
  // the products' slugs, SKUs and names stay the same (structural sharing), so staff's choices are kept.
  useEffect(() => {
    if (scan && matches) {
      setEntries(matchFiles(scan.files, matches.products, matches.colors, matches.ambiguous));
      kept.current = new Set();
    }
  }, [scan, matches]);

  const productName = useMemo(() => new Map((products ?? []).map((p) => [p._id, p])), [products]);
  const summary = useMemo(() => summarise(entries.filter((e) => !e.skip)), [entries]);
  const jobs: BulkJob[] = useMemo(
    () =>
      entries
        .filter((e) => e.status === 'matched' && e.productId && !e.skip)
        .map((e) => ({
          fileId: e.file.id,
          productId: e.productId!,
          role: e.role,
          ...(e.color ? { colorId: e.color._id } : {}),
        })),
    [entries],
  );
  // A finished run's button stays off until the folder or a choice changes: the same files again would only be
  // answered "already there" (the API skips pictures a product has), so a second click is never a mistake.
  const jobsKey = useMemo(() => `${scan?.scanId ?? ''} ${JSON.stringify(jobs)}`, [scan, jobs]);
  const totalBytes = useMemo(() => (scan?.files ?? []).reduce((s, f) => s + f.size, 0), [scan]);
  const running = Boolean(run && !run.finished);
  const uploadedAlready = Boolean(run?.finished && run.key === jobsKey);

  const adoptScan = (result: ScanResult | null) => {
    if (!result) return;
    setRun(null);
    runIdRef.current = null;
    setFilter('all');
    setShowAll(false);
    setScan(result);
    if (!result.files.length) toast.error('No JPEG, PNG or WebP images were found in that folder.');
  };

  const pickFolder = async () => {
    setScanning(true);
    try {
      adoptScan(await bridge.bulk.pickFolder());
    } catch (e) {
      toast.error(errorMessage(e, 'The folder could not be read.'));
    } finally {
      setScanning(false);
    }
  };

  const onFolderInput = async (files: FileList | null) => {
    if (!files || !isBrowserBridge(bridge)) return;
    setScanning(true);
    try {
      adoptScan(await bridge.bulk.scanFiles(files));
    } catch (e) {
      toast.error(errorMessage(e, 'The folder could not be read.'));
    } finally {
      setScanning(false);
    }
  };

  // Stable callbacks: rows are memoised, so a progress event re-renders only the rows whose file changed.
  const setRole = useCallback((fileId: string, role: ImageRole | 'skip') => {
    kept.current = new Set(kept.current).add(fileId);
    const keep = kept.current;
    setEntries((list) =>
      assignDefaultRoles(
        list.map((e) =>
          e.file.id === fileId ? { ...e, skip: role === 'skip', role: role === 'skip' ? e.role : role } : e,
        ),
        keep,
      ),
    );
  }, []);

  const choose = useCallback((fileId: string, productId: string) => {
    const keep = kept.current;
    setEntries((list) =>
      assignDefaultRoles(
        list.map((e) => (e.file.id === fileId ? chooseProduct(e, productId) : e)),
        keep,
      ),
    );
  }, []);

  const start = async () => {
    if (!scan || !jobs.length) return;
    try {
      const items = new Map<string, ItemProgress>(
        jobs.map((j) => {
          const f = scan.files.find((x) => x.id === j.fileId)!;
          return [
            j.fileId,
            { id: j.fileId, state: 'queued', loaded: 0, total: f.size, attempts: 0, error: null },
          ];
        }),
      );
      runIdRef.current = null;
      early.current = [];
      setRun({ runId: '', key: jobsKey, items, totals: null, finished: false, elapsedMs: 0, summary: null });
      const { runId } = await bridge.bulk.start({ scanId: scan.scanId, jobs, concurrency });
      runIdRef.current = runId;
      setRun((r) => (r ? { ...r, runId } : r));
      const pending = early.current.filter((p) => p.runId === runId);
      early.current = [];
      pending.forEach(apply);
    } catch (e) {
      setRun(null);
      toast.error(errorMessage(e, 'The upload could not start.'));
    }
  };

  const cancel = async () => {
    if (run?.runId) await bridge.bulk.cancel(run.runId).catch((e) => toast.error(errorMessage(e)));
  };

  const retry = async () => {
    if (!run?.runId) return;
    try {
      setRun((r) => (r ? { ...r, finished: false, summary: null } : r));
      await bridge.bulk.retryFailed(run.runId);
    } catch (e) {
      toast.error(errorMessage(e, 'The failed files could not be sent again.'));
    }
  };

  const visible = entries.filter((e) => filter === 'all' || e.status === filter);
  const shown = showAll ? visible : visible.slice(0, PAGE_ROWS);
  const totals = run?.totals;
  const percent = totals?.percent ?? 0;
  const failedCount = run ? [...run.items.values()].filter((i) => i.state === 'failed').length : 0;

  return (
    <>
      <PageHeader title="Bulk upload" subtitle="Upload a whole folder of product photos at once" />
      <section className="panel bulk-intro">
        <div>
          <h2>1. Choose a folder</h2>
          <p className="muted">
            Name each photo after its product: <code>&lt;product-slug&gt;.jpg</code> or <code>-1</code>{' '}
            becomes the thumbnail, <code>&lt;product-slug&gt;-2.jpg</code>, <code>-3</code>… go to the
            gallery. The product's SKU works instead of the slug.{' '}
            <code>&lt;product-slug&gt;-&lt;colour-slug&gt;.jpg</code> (or <code>-2</code>…) and a variant's
            SKU go to that colour's gallery. Subfolders are included; JPEG, PNG and WebP only.
          </p>
        </div>
        <div className="bulk-pick">
          {isBrowserBridge(bridge) ? (
            <label className="btn btn-primary file-btn">
              {scanning ? 'Reading folder…' : 'Choose folder'}
              <input
                type="file"
                aria-label="Choose folder"
                multiple
                disabled={running || scanning}
                {...{ webkitdirectory: '', directory: '' }}
                onChange={(e) => void onFolderInput(e.target.files)}
              />
            </label>
          ) : (
            <button className="btn btn-primary" onClick={pickFolder} disabled={running || scanning}>
              {scanning ? 'Reading folder…' : 'Choose folder…'}
            </button>
          )}
        </div>
      </section>

      {productError && <QueryError query={productList} />}
      {scan && !products && !productError && <Spinner label="Matching the files to products…" />}

      {scan && products && (
        <section className="panel">
          <div className="panel-head">
            <h2>2. Check the matches</h2>
            <span className="muted">
              {scan.folderName}: {scan.files.length} image{scan.files.length === 1 ? '' : 's'},{' '}
              {formatBytes(totalBytes)}
              {scan.skipped ? ` · ${scan.skipped} other file${scan.skipped === 1 ? '' : 's'} skipped` : ''}
              {scan.truncated ? ' · only the first images were read' : ''}
            </span>
          </div>
          <div className="tabs" role="tablist">
            {(
              [
                ['all', 'All', entries.length],
                ['matched', 'Matched', summary.matched],
                ['unmatched', 'Unmatched', summary.unmatched],
                ['ambiguous', 'Ambiguous', summary.ambiguous],
              ] as const
            ).map(([key, label, n]) => (
              <button
                key={key}
                role="tab"
                aria-selected={filter === key}
                className={`tab tab-${key}${filter === key ? ' tab-active' : ''}`}
                onClick={() => setFilter(key)}
              >
                {label} <span className="tab-count">{n}</span>
              </button>
            ))}
            <span className="tabs-note muted">
              {summary.thumbnails} thumbnails · {summary.gallery} gallery images
              {summary.colorGallery ? ` (${summary.colorGallery} in colour galleries)` : ''}
            </span>
          </div>
          <div className="table-scroll">
            <table className="table table-bulk">
              <TableHead
                columns={[
                  'File',
                  { label: 'Size', className: 'num' },
                  'Product',
                  'Colour',
                  'Use as',
                  { label: 'Progress', className: 'col-progress' },
                ]}
              />
              <tbody>
                {shown.map((e) => (
                  <BulkRow
                    key={e.file.id}
                    entry={e}
                    progress={run?.items.get(e.file.id)}
                    products={productName}
                    locked={running}
                    onRole={setRole}
                    onChoose={choose}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {visible.length > shown.length && (
            <button className="btn btn-ghost btn-sm" onClick={() => setShowAll(true)}>
              Show all {visible.length} files
            </button>
          )}
        </section>
      )}

      {scan && products && (
        <section className="panel bulk-run">
          <div className="panel-head">
            <h2>3. Upload</h2>
            <label className="inline-label">
              Uploads at a time
              <select
                value={concurrency}
                disabled={running}
                onChange={(e) => setConcurrency(Number(e.target.value))}
              >
                {[1, 2, 3, 4].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ProgressBar
            value={percent}
            label="Overall progress"
            tone={run?.finished ? (failedCount ? 'bad' : 'ok') : 'neutral'}
          />
          <div className="bulk-status">
            <span className="strong" data-testid="bulk-percent">
              {percent}%
            </span>
            <span className="muted">
              {totals
                ? `${totals.done} of ${totals.files} files uploaded${totals.existing ? ` · ${totals.existing} already there` : ''}${totals.failed ? ` · ${totals.failed} failed` : ''}${
                    totals.active ? ` · ${totals.active} in progress` : ''
                  } · ${formatSeconds(run?.elapsedMs ?? 0)}`
                : `${jobs.length} files ready to upload`}
            </span>
          </div>
          {run?.finished && run.summary && (
            <div
              className={run.summary.failed ? 'form-error' : 'form-ok'}
              role="status"
              data-testid="bulk-summary"
            >
              Upload finished: {run.summary.done} uploaded,{' '}
              {run.summary.existing ? `${run.summary.existing} already there (not added again), ` : ''}
              {run.summary.failed} failed, {run.summary.cancelled} cancelled in{' '}
              {formatSeconds(run.summary.elapsedMs)}.
              {run.summary.failures.slice(0, 5).map((f) => (
                <div key={f.id} className="small">
                  {scan.files.find((x) => x.id === f.id)?.relPath ?? f.id}: {f.error}
                </div>
              ))}
            </div>
          )}
          <div className="form-actions">
            <button
              className="btn btn-primary"
              onClick={start}
              disabled={running || !jobs.length || uploadedAlready}
              aria-describedby={uploadedAlready ? 'bulk-uploaded-note' : undefined}
            >
              Upload {jobs.length} {jobs.length === 1 ? 'file' : 'files'}
            </button>
            <button className="btn btn-ghost" onClick={cancel} disabled={!running || !run?.runId}>
              Cancel
            </button>
            <button className="btn btn-ghost" onClick={retry} disabled={running || !failedCount}>
              Retry failed
            </button>
          </div>
          {uploadedAlready && (
            <p className="muted small" id="bulk-uploaded-note" data-testid="bulk-uploaded-note">
              These files have been sent. Choose the folder again or change a choice to upload again.
            </p>
          )}
        </section>
      )}
    </>
  );
}

const BulkRow = memo(function BulkRow(props: {
  entry: Entry;
  progress: ItemProgress | undefined;
  products: Map<string, MatchableProduct>;
  locked: boolean;
  onRole: (fileId: string, role: ImageRole | 'skip') => void;
  onChoose: (fileId: string, productId: string) => void;
}) {
  const { entry: e, progress: p } = props;
  const productLabel = e.productId ? (props.products.get(e.productId)?.name ?? e.productId) : null;
  const candidates = e.candidates
    .map((id) => props.products.get(id))
    .filter((c): c is MatchableProduct => Boolean(c));
  const finished = p?.state === 'done' || p?.state === 'existing';
  const pct = p ? (finished ? 100 : (p.loaded / Math.max(1, p.total)) * 100) : 0;
  return (
    <tr className={`bulk-${e.status}${e.skip ? ' bulk-skip' : ''}`}>
      <td className="mono file-cell" title={e.file.relPath}>
        {e.file.relPath}
      </td>
      <td className="num">{formatBytes(e.file.size)}</td>
      <td>
        {e.status === 'unmatched' ? (
          <span className="badge badge-muted">No matching product</span>
        ) : e.status === 'ambiguous' || e.candidates.length > 1 ? (
          <select
            aria-label={`Product for ${e.file.name}`}
            value={e.status === 'matched' ? (e.productId ?? '') : ''}
            disabled={props.locked}
            onChange={(ev) => props.onChoose(e.file.id, ev.target.value)}
            className={e.status === 'ambiguous' ? 'select-warn' : undefined}
          >
            <option value="" disabled>
              Ambiguous: choose a product
            </option>
            {candidates.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name} ({c.slug}
                {c.sku ? `, ${c.sku}` : ''})
              </option>
            ))}
          </select>
        ) : (
          <span className="strong">{productLabel}</span>
        )}
      </td>
      <td>
        {e.status === 'ambiguous' ? (
          <span className="badge badge-warn" data-testid="bulk-unclear">
            Several products or colours
          </span>
        ) : e.status !== 'matched' ? (
          <span className="muted">-</span>
        ) : e.color ? (
          <span className="badge" data-testid="bulk-color">
            {e.color.name}
          </span>
        ) : (
          <span className="muted">Shared gallery</span>
        )}
      </td>
      <td>
        {e.status === 'matched' ? (
          <select
            aria-label={`Use ${e.file.name} as`}
            value={e.skip ? 'skip' : e.role}
            disabled={props.locked}
            onChange={(ev) => props.onRole(e.file.id, ev.target.value as ImageRole | 'skip')}
          >
            {/* A colour's picture joins that colour's gallery: it cannot be the product's thumbnail. */}
            {!e.color && <option value="thumbnail">Thumbnail</option>}
            <option value="gallery">{e.color ? 'Colour gallery' : 'Gallery'}</option>
            <option value="skip">Skip</option>
          </select>
        ) : (
          <span className="muted">-</span>
        )}
      </td>
      <td className="col-progress">
        {p ? (
          <div className="row-progress">
            <ProgressBar
              value={pct}
              label={`${e.file.name} progress`}
              small
              tone={p.state === 'failed' ? 'bad' : finished ? 'ok' : 'neutral'}
            />
            <span className={`row-state state-text-${p.state}`} title={p.error ?? undefined}>
              {STATE_TEXT[p.state]}
              {p.attempts > 1 && !finished ? ` (try ${p.attempts})` : ''}
              {p.error && p.state === 'failed' ? `: ${p.error}` : ''}
            </span>
          </div>
        ) : (
          <span className="muted">{e.status === 'matched' && !e.skip ? 'Ready' : ''}</span>
        )}
      </td>
    </tr>
  );
});
