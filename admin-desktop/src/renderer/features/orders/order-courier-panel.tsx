import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import type { OrderState } from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/catalog-form';
import { FormActions, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { TableHead } from '../../components/table-head';
import { api, courierLabel } from '../../lib/api';
import { saveDownload } from '../../lib/bridge';
import { useFileSave } from '../../lib/file-save';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

const PROVIDER_LABEL = { shiprocket: 'Shiprocket', simulator: 'Courier simulator', manual: 'Manual' };

interface Box {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  weightGrams?: number;
}

/**
 * The order's courier, when the shop books couriers through a provider (COURIER_PROVIDER shiprocket or simulator;
 * with `manual` there is nothing here and staff type the carrier and AWB when they mark the order shipped):
 * "Book courier" for an order that may ship (box size, weight), then the AWB, "Download label", "Refresh
 * tracking" and the courier's scans.
 */
export function OrderCourierPanel(props: { orderId: string; state: OrderState; canWrite: boolean }) {
  const { orderId } = props;
  const courier = useQuery(queries.orderCourier(orderId));
  const [booking, setBooking] = useState(false);
  const { busy: saving, save: saveFile } = useFileSave();
  const book = useApiMutation(
    (body: Box) => api.order.bookCourier({ params: { orderId }, body }),
    staleAfter.order,
    { refreshOnRefusal: true },
  );
  const track = useApiMutation(() => api.order.trackCourier({ params: { orderId } }), staleAfter.order);
  const c = courier.data;
  if (!c || c.provider === 'manual') return null;
  const b = c.booking;
  const mayBook = !b && props.canWrite && (props.state === 'placed' || props.state === 'paid');

  const submit = async (box: Box) => {
    try {
      toast.reply(await book.mutateAsync(box), 'Courier booked.');
      setBooking(false);
    } catch (e) {
      toast.error(errorMessage(e, 'The courier could not be booked.'));
    }
  };
  const refresh = async () => {
    try {
      toast.reply(await track.mutateAsync(undefined), 'Tracking updated.');
    } catch (e) {
      toast.error(errorMessage(e, 'The courier could not be asked.'));
    }
  };
  const download = () =>
    saveFile(
      true,
      async () => ((await saveDownload(await courierLabel(orderId))) ? 'Label saved.' : null),
      'The label could not be saved.',
    );

  return (
    <section className="panel" aria-labelledby="courier-title">
      <h2 id="courier-title">Courier ({PROVIDER_LABEL[c.provider]})</h2>
      {!b ? (
        <>
          <p className="muted">No courier booked for this order.</p>
          {mayBook && (
            <button type="button" className="btn btn-primary" onClick={() => setBooking(true)}>
              Book courier
            </button>
          )}
        </>
      ) : (
        <>
          <dl className="details compact" data-testid="courier-booking">
            <dt>Courier</dt>
            <dd>{b.courierName}</dd>
            <dt>AWB</dt>
            <dd className="mono">{b.awb}</dd>
            <dt>Weight</dt>
            <dd>{(b.weightGrams / 1000).toFixed(2)} kg</dd>
            <dt>Booked</dt>
            <dd>{formatDateTime(b.bookedAt)}</dd>
            <dt>Status</dt>
            <dd>{b.status ? `${b.status} (as of ${formatDateTime(b.trackedAt!)})` : 'Not asked yet'}</dd>
          </dl>
          <div className="form-actions">
            <button type="button" className="btn" disabled={saving !== null} onClick={() => void download()}>
              {saving ? 'Saving…' : 'Download label'}
            </button>
            {props.canWrite && (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={track.isPending}
                onClick={() => void refresh()}
              >
                {track.isPending ? 'Asking the courier…' : 'Refresh tracking'}
              </button>
            )}
          </div>
          {c.events.length > 0 && (
            <table className="table compact" data-testid="courier-events">
              <TableHead columns={['When', 'Status', 'Activity', 'Where']} />
              <tbody>
                {c.events.map((e) => (
                  <tr key={`${e.at}-${e.status}`}>
                    <td className="nowrap">{formatDateTime(e.at)}</td>
                    <td className="strong">{e.status}</td>
                    <td>{e.activity}</td>
                    <td>{e.location}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {booking && (
        <BookCourierDialog
          busy={book.isPending}
          onBook={(box) => void submit(box)}
          onClose={() => setBooking(false)}
        />
      )}
    </section>
  );
}

/** The box's size and weight for the booking; an empty weight means the products' own weights. */
function BookCourierDialog(props: { busy: boolean; onBook: (box: Box) => void; onClose: () => void }) {
  const ids = { length: useId(), breadth: useId(), height: useId(), weight: useId() };
  const [size, setSize] = useState({ length: '20', breadth: '15', height: '10' });
  const [weight, setWeight] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : Number.NaN);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [l, b, h] = [whole(size.length), whole(size.breadth), whole(size.height)];
    if (![l, b, h].every((n) => n >= 1 && n <= 300)) {
      return setProblem('Enter the box size in whole centimetres (1–300).');
    }
    const w = weight.trim() ? whole(weight) : undefined;
    if (w !== undefined && !(w >= 1 && w <= 100_000))
      return setProblem('Enter the weight in whole grams (1–100,000).');
    props.onBook({ lengthCm: l, breadthCm: b, heightCm: h, ...(w ? { weightGrams: w } : {}) });
  };
  const field = (key: keyof typeof size, label: string) => (
    <div className="field">
      <label className="field-label" htmlFor={ids[key]}>
        {label}
      </label>
      <input
        id={ids[key]}
        inputMode="numeric"
        value={size[key]}
        onChange={(e) => setSize({ ...size, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <Modal title="Book courier" onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        <FormError error={problem} />
        <p className="muted">
          The courier is booked and the order is marked shipped: the customer gets the shipped e-mail with the
          tracking link.
        </p>
        {field('length', 'Length (cm)')}
        {field('breadth', 'Breadth (cm)')}
        {field('height', 'Height (cm)')}
        <TextField
          id={ids.weight}
          label="Weight (g)"
          inputMode="numeric"
          placeholder="From the products' weights"
          value={weight}
          onValue={setWeight}
        />
        <FormActions busy={props.busy} label="Book courier" busyLabel="Booking…" onCancel={props.onClose} />
      </form>
    </Modal>
  );
}
