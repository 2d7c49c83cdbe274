import { errorMessage } from '@voltcart/api-client/http';
import type { OrderDetails, OrderDocument, OrderMail } from '@voltcart/shared';
import { STATE_LABELS } from '../../components/order-state';
import { TableHead } from '../../components/table-head';
import { api, orderDocument } from '../../lib/api';
import { saveDownload } from '../../lib/bridge';
import { useFileSave } from '../../lib/file-save';
import { formatDateTime, formatINR } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

/** An event that moves the order to a state is named as the state is, but for placing and returning. */
const EVENT_LABEL: Record<string, string> = {
  ...STATE_LABELS,
  placed: 'Placed',
  returned: 'Returned to origin',
  tracking_changed: 'Tracking changed',
  courier_booked: 'Courier booked',
  refund_requested: 'Refund requested',
  refund_failed: 'Refund refused',
  invoice_issued: 'Invoice issued',
  credit_note_issued: 'Credit note issued',
  mail_resent: 'E-mail sent again',
};

const ACTOR_LABEL: Record<string, string> = {
  customer: 'Customer',
  admin: 'Staff',
  payment: 'Payment gateway',
  system: 'System',
};

/** Who did what and when: the order's events, oldest first, with the member of staff's name. */
export function OrderTimeline({ timeline }: { timeline: OrderDetails['timeline'] }) {
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <table className="table compact" data-testid="order-timeline">
        <TableHead columns={['When', 'What', 'Who', 'Note']} />
        <tbody>
          {timeline.map((e, i) => (
            <tr key={`${e.event}-${i}`}>
              <td className="nowrap">{formatDateTime(e.at)}</td>
              <td className="strong">{EVENT_LABEL[e.event] ?? e.event}</td>
              <td>{e.by ?? ACTOR_LABEL[e.actor] ?? e.actor}</td>
              <td>{e.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const mailState = (m: OrderMail) =>
  m.sentAt
    ? `Sent ${formatDateTime(m.sentAt)}`
    : m.failedAt
      ? `Not delivered${m.lastError ? `: ${m.lastError}` : ''}`
      : `Waiting${m.attempts ? ` (${m.attempts} attempts${m.lastError ? `: ${m.lastError}` : ''})` : ''}`;

/** The order's e-mails and how their delivery went; any of them can be sent again (a new message). */
export function OrderMails({ orderId, mails }: { orderId: string; mails: OrderMail[] }) {
  const resend = useApiMutation(
    (mailId: string) => api.order.resendMail({ params: { orderId, mailId } }),
    staleAfter.order,
  );
  const send = async (m: OrderMail) => {
    try {
      toast.reply(await resend.mutateAsync(m._id), 'The e-mail is on its way again.');
    } catch (e) {
      toast.error(errorMessage(e, 'The e-mail could not be sent again.'));
    }
  };
  return (
    <section className="panel" aria-labelledby="mails-title">
      <h2 id="mails-title">E-mails</h2>
      {mails.length === 0 ? (
        <p className="muted">No e-mails for this order.</p>
      ) : (
        <table className="table compact">
          <TableHead columns={['Subject', 'To', 'Delivery', { label: 'Actions', className: 'num' }]} />
          <tbody>
            {mails.map((m) => (
              <tr key={m._id}>
                <td>{m.subject}</td>
                <td>{m.to}</td>
                <td>{mailState(m)}</td>
                <td className="num">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={resend.isPending}
                    aria-label={`Resend ${m.subject}`}
                    onClick={() => void send(m)}
                  >
                    Resend
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The tax invoice and credit notes: fetched with the admin token and handed to the bridge, which saves them
 * with the native save dialog (desktop) or as a download (browser).
 */
export function OrderDocuments({ orderId, documents }: { orderId: string; documents: OrderDocument[] }) {
  const { busy: saving, save: saveFile } = useFileSave<string>();
  const save = (d: OrderDocument) =>
    saveFile(
      d.number,
      async () =>
        (await saveDownload(await orderDocument(orderId, d.kind === 'invoice' ? undefined : d.number)))
          ? `${d.number} saved.`
          : null,
      'The document could not be saved.',
    );
  return (
    <section className="panel" aria-labelledby="documents-title">
      <h2 id="documents-title">Invoice and credit notes</h2>
      {documents.length === 0 ? (
        <p className="muted">
          No tax invoice yet: it is issued when an online order is paid or a cash-on-delivery order ships.
        </p>
      ) : (
        <ul className="document-list">
          {documents.map((d) => (
            <li key={d.number}>
              <span>
                {d.title ?? (d.kind === 'invoice' ? 'Tax invoice' : 'Credit note')}{' '}
                <span className="mono">{d.number}</span> · {formatINR(d.total)} · {formatDateTime(d.issuedAt)}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={saving === d.number}
                aria-label={`Download ${d.number}`}
                onClick={() => void save(d)}
              >
                {saving === d.number ? 'Saving…' : 'Download'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
