import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_KINDS, type AuditKind } from '@voltcart/shared';
import { HistoryTable, KIND_LABELS } from '../../components/history-table';
import { Pager } from '../../components/pager';
import { ListBody, QueryError } from '../../components/query-states';
import { PageHeader } from '../../components/states';
import { useListParams } from '../../lib/list-params';
import { queries } from '../../lib/queries';

const LIMIT = 50;
const isKind = (v: string | null): v is AuditKind => (AUDIT_KINDS as readonly (string | null)[]).includes(v);

/** The change history (GET /admin/audit), filtered by person, kind of object, object and days; kept in the address. */
export function HistoryPage() {
  const { params, page, limit, setFilter, setPage } = useListParams({ limit: LIMIT });
  const kind = params.get('kind');
  const filter = {
    actor: params.get('actor') || undefined,
    kind: isKind(kind) ? kind : undefined,
    objectId: params.get('objectId') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const list = useQuery({ ...queries.audit({ ...filter, page, limit }), placeholderData: keepPreviousData });
  const records = list.data?.records ?? [];
  return (
    <>
      <PageHeader title="History" subtitle="Every change made in the back office, and every login" />
      <form className="toolbar filters" aria-label="Filter the history" onSubmit={(e) => e.preventDefault()}>
        <span className="inline-label">
          <label htmlFor="history-person">Person</label>
          <select
            id="history-person"
            value={filter.actor ?? ''}
            onChange={(e) => setFilter('actor', e.target.value || null)}
          >
            <option value="">Everyone</option>
            {(list.data?.people ?? []).map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </select>
        </span>
        <span className="inline-label">
          <label htmlFor="history-kind">Kind</label>
          <select
            id="history-kind"
            value={filter.kind ?? ''}
            onChange={(e) => setFilter('kind', e.target.value || null)}
          >
            <option value="">Everything</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </span>
        <span className="inline-label">
          <label htmlFor="history-object">Object id</label>
          <input
            id="history-object"
            className="search"
            value={filter.objectId ?? ''}
            placeholder="e.g. 42 or VC…"
            onChange={(e) => setFilter('objectId', e.target.value.trim() || null)}
          />
        </span>
        {(['from', 'to'] as const).map((k) => (
          <span key={k} className="inline-label">
            <label htmlFor={`history-${k}`}>{k === 'from' ? 'From' : 'To'}</label>
            <input
              id={`history-${k}`}
              type="date"
              value={filter[k] ?? ''}
              onChange={(e) => setFilter(k, e.target.value || null)}
            />
          </span>
        ))}
      </form>
      <QueryError query={list} />
      <section className="panel">
        <ListBody query={list} count={records.length} empty="Nothing recorded matches.">
          <HistoryTable records={records} />
        </ListBody>
      </section>
      <Pager page={page} limit={limit} count={records.length} reply={list.data} onPage={setPage} />
    </>
  );
}
