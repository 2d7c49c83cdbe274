import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditKind } from '@voltcart/shared';
import { useState } from 'react';
import { queries } from '../lib/queries';
import { useCan } from '../stores/session';
import { HistoryTable } from './history-table';
import { Pager } from './pager';
import { QueryError } from './query-states';
import { Spinner } from './states';

const LIMIT = 10;

/** One object's own history (a product's or an order's page), for roles that may read the history. */
export function ObjectHistory(props: { kind: AuditKind; objectId: string }) {
  const can = useCan('audit.read');
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...queries.audit({ kind: props.kind, objectId: props.objectId, page, limit: LIMIT }),
    placeholderData: keepPreviousData,
    enabled: can,
  });
  if (!can) return null;
  const records = list.data?.records ?? [];
  return (
    <section className="panel" aria-labelledby="object-history-title" data-testid="object-history">
      <h2 id="object-history-title">History</h2>
      <QueryError query={list} />
      {list.isPending ? (
        <Spinner />
      ) : records.length === 0 ? (
        <p className="empty">No changes recorded yet.</p>
      ) : (
        <>
          <HistoryTable records={records} showObject={false} />
          <Pager page={page} limit={LIMIT} count={records.length} reply={list.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}
