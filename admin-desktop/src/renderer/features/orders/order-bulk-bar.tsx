import { errorMessage } from '@voltcart/api-client/http';
import { BULK_SHIP_MAX_ROWS, type Order, PACKING_SLIPS_MAX } from '@voltcart/shared';
import { useState } from 'react';
import { ProgressBar } from '../../components/progress-bar';
import { api, packingSlips } from '../../lib/api';
import { getBridge } from '../../lib/bridge';
import type { OrderQuery } from '../../lib/query-keys';
import { toast } from '../../stores/toast';
import { ShipChosenDialog } from './order-ship-chosen-dialog';
import { ordersText } from './order-state';

/** The most orders one list request answers (pageQuery). */
const LIST_PAGE_MAX = 100;

/**
 * Every order matching the list's query, read LIST_PAGE_MAX at a time, in the list's order. All are read before
 * anything is done: shipping them moves them out of a "To ship" filter under the reader's feet.
 */
async function matchingOrders(query: OrderQuery, onRead: (read: number) => void): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; ; page++) {
    const r = await api.order.list({ query: { ...query, limit: LIST_PAGE_MAX, page } });
    orders.push(...r.orders);
    onRead(orders.length);
    if (!r.hasMore || r.orders.length === 0) return orders;
  }
}

/**
 * The bulk-action bar over the order list, for the rows chosen on this page or every order matching the filters
 * (at most BULK_SHIP_MAX_ROWS, the most one shipping run takes):
 * - Packing slips: one page per order, saved through the bridge (native save dialog, or a download in a
 *   browser); more than PACKING_SLIPS_MAX orders are saved as several files of that many
 * - Mark shipped…: carrier and tracking number per order (ShipChosenDialog), previewed and applied by the same
 *   route as the CSV (POST /order/bulk-ship)
 */
export function OrderBulkBar(props: {
  chosen: Order[];
  /** Every order matching the filters is chosen (not only the rows on this page). */
  allMatching: boolean;
  /** How many orders match the filters, when the API said. */
  total?: number;
  /** Every row of this page is chosen and more orders match: offer all of them. */
  canChooseAll: boolean;
  query: OrderQuery;
  canWrite: boolean;
  onChooseAll: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [shipping, setShipping] = useState<Order[] | null>(null);
  const count = props.allMatching ? (props.total ?? props.chosen.length) : props.chosen.length;
  const tooMany = props.total !== undefined && props.total > BULK_SHIP_MAX_ROWS;

  /** The chosen orders themselves (read from the API when all matching are chosen). */
  const chosenOrders = async (share: number): Promise<Order[]> =>
    props.allMatching
      ? matchingOrders(props.query, (read) => setProgress((read / Math.max(count, 1)) * share))
      : props.chosen;

  const printSlips = async () => {
    setBusy('Packing slips');
    setProgress(0);
    let saved = 0;
    try {
      const ids = (await chosenOrders(40)).map((o) => o.order_id);
      const parts = Math.ceil(ids.length / PACKING_SLIPS_MAX);
      for (let i = 0; i < parts; i++) {
        const part = ids.slice(i * PACKING_SLIPS_MAX, (i + 1) * PACKING_SLIPS_MAX);
        const file = await packingSlips(part);
        const fileName =
          parts > 1 ? file.fileName.replace(/\.pdf$/, `-${i + 1}-of-${parts}.pdf`) : file.fileName;
        const bytes = new Uint8Array(await file.blob.arrayBuffer());
        if ((await getBridge().files.saveDocument({ fileName, bytes })).saved) saved += part.length;
        setProgress(40 + ((i + 1) / parts) * 60);
      }
      if (saved) toast.success(`Packing slips for ${ordersText(saved)} saved.`);
    } catch (e) {
      toast.error(errorMessage(e, 'The packing slips could not be saved.'));
    } finally {
      setBusy(null);
    }
  };

  const openShipping = async () => {
    setBusy('Reading the orders');
    setProgress(0);
    try {
      setShipping(await chosenOrders(100));
    } catch (e) {
      toast.error(errorMessage(e, 'The orders could not be read. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <span className="strong" aria-live="polite">
        {ordersText(count)} chosen{props.allMatching ? ' (all matching the filters)' : ''}
      </span>
      {props.canChooseAll &&
        !props.allMatching &&
        props.total !== undefined &&
        (tooMany ? (
          <span className="muted small">
            {ordersText(props.total)} match: narrow the filters to at most {ordersText(BULK_SHIP_MAX_ROWS)} to
            choose them all.
          </span>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" onClick={props.onChooseAll}>
            Choose all {ordersText(props.total)} matching the filters
          </button>
        ))}
      <button type="button" className="btn btn-ghost btn-sm" onClick={props.onDone} disabled={Boolean(busy)}>
        Clear
      </button>
      <div className="bulk-actions">
        <button type="button" className="btn btn-sm" disabled={Boolean(busy)} onClick={printSlips}>
          Print packing slips
        </button>
        {props.canWrite && (
          <button type="button" className="btn btn-sm" disabled={Boolean(busy)} onClick={openShipping}>
            Mark shipped…
          </button>
        )}
      </div>
      {busy && <ProgressBar value={progress} label={`${busy}: progress`} small />}
      {shipping && (
        <ShipChosenDialog
          orders={shipping}
          onClose={(shipped) => {
            setShipping(null);
            if (shipped) props.onDone();
          }}
        />
      )}
    </section>
  );
}
