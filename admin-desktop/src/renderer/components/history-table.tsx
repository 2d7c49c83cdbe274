import type { AuditKind, AuditRecord } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { TableHead } from '../components/table-head';
import { paths } from '../config/paths';
import { formatDateTime } from '../lib/format';

export const KIND_LABELS: Record<AuditKind, string> = {
  category: 'Category',
  color: 'Colour',
  product: 'Product',
  order: 'Order',
  customer: 'Customer',
  settings: 'Settings',
  staff: 'Staff',
  session: 'Login',
};

const show = (v: unknown) =>
  v === undefined ? '' : v === null ? '–' : typeof v === 'string' ? v : JSON.stringify(v);

/** The object a record is about, as a link where the back office has a page for it. */
function ObjectCell(props: { record: AuditRecord }) {
  const { kind, objectId } = props.record;
  const label = `${KIND_LABELS[kind]}${objectId ? ` ${objectId}` : ''}`;
  if (!objectId) return <>{label}</>;
  if (kind === 'product') return <Link to={paths.productEdit(objectId)}>{label}</Link>;
  if (kind === 'order') return <Link to={paths.order(objectId)}>{label}</Link>;
  if (kind === 'category') return <Link to={paths.categoryEdit(objectId)}>{label}</Link>;
  if (kind === 'color') return <Link to={paths.colorEdit(objectId)}>{label}</Link>;
  if (kind === 'customer') return <Link to={paths.customer(objectId)}>{label}</Link>;
  return <>{label}</>;
}

/** The changed fields of a record, before and after. */
function Changes(props: { record: AuditRecord }) {
  const { before, after } = props.record;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <details className="audit-changes">
      <summary>
        {keys.length} {keys.length === 1 ? 'field' : 'fields'}
      </summary>
      <table className="table compact">
        <TableHead columns={['Field', 'Before', 'After']} />
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <td>{k}</td>
              <td className="audit-value">{show(before?.[k])}</td>
              <td className="audit-value">{show(after?.[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Records of the change history, newest first: when, who, what, the changes, from where. */
export function HistoryTable(props: { records: AuditRecord[]; showObject?: boolean }) {
  return (
    <table className="table table-stack audit-table">
      <thead>
        <tr>
          <th>When</th>
          <th>Who</th>
          {props.showObject !== false && <th>What</th>}
          <th>Change</th>
          <th>From</th>
        </tr>
      </thead>
      <tbody>
        {props.records.map((r) => (
          <tr key={r._id} data-testid="audit-row">
            <td className="nowrap" data-label="When">
              {formatDateTime(r.at)}
            </td>
            <td data-label="Who">{r.actor?.name ?? <span className="muted">nobody signed in</span>}</td>
            {props.showObject !== false && (
              <td data-label="What">
                <ObjectCell record={r} />
              </td>
            )}
            <td data-label="Change">
              <div>{r.summary || r.action}</div>
              <Changes record={r} />
            </td>
            <td className="muted" data-label="From" title={r.userAgent}>
              {r.ip}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
