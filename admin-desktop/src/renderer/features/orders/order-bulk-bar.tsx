import { errorMessage } from '@voltcart/api-client/http';
import { BULK_SHIP_MAX_ROWS, type Order, PACKING_SLIPS_MAX } from '@voltcart/shared';
import { useState } from 'react';
import { BulkActionBar, type BulkChoice, chosenCount, readEveryPage } from '../../components/bulk-bar';
import { ordersText } from '../../components/order-state';
import { api, packingSlips } from '../../lib/api';
import { saveDownload } from '../../lib/bridge';
import type { OrderQuery } from '../../lib/query-keys';
import { toast } from '../../stores/toast';
import { ShipChosenDialog } from './order-ship-chosen-dialog';

/** The most orders one list request answers (pageQuery). */
const LIST_PAGE_MAX = 100;

/**
 * The bulk-action bar over the order list, for the rows chosen on this page or every order matching the filters
 * (at most BULK_SHIP_MAX_ROWS, the most one shipping run takes):
 * - Packing slips: one page per order, saved through the bridge (native save dialog, or a download in a
 *   browser); more than PACKING_SLIPS_MAX orders are saved as several files of that many
 * - Mark shipped…: carrier and tracking number per order (ShipChosenDialog), previewed and applied by the same
 *   route as the CSV (POST /order/bulk-ship)
 */
export function OrderBulkBar(props: BulkChoice & { chosen: Order[]; query: OrderQuery; canWrite: boolean }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [shipping, setShipping] = useState<Order[] | null>(null);
  const count = chosenCount(props, props.chosen.length);

  /** The chosen orders themselves (read from the API when all matching are chosen). */
  const chosenOrders = async (share: number): Promise<Order[]> =>
    props.allMatching
      ? readEveryPage(
          async (page) => {
            const r = await api.order.list({ query: { ...props.query, limit: LIST_PAGE_MAX, page } });
            return { rows: r.orders, hasMore: r.hasMore };
          },
          (read) => setProgress((read / Math.max(count, 1)) * share),
        )
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
        if (await saveDownload(file, fileName)) saved += part.length;
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
    <BulkActionBar
      choice={props}
      count={count}
      rowsText={ordersText}
      max={BULK_SHIP_MAX_ROWS}
      busy={busy}
      progress={progress}
    >
      <button type="button" className="btn btn-sm" disabled={Boolean(busy)} onClick={printSlips}>
        Print packing slips
      </button>
      {props.canWrite && (
        <button type="button" className="btn btn-sm" disabled={Boolean(busy)} onClick={openShipping}>
          Mark shipped…
        </button>
      )}
      {shipping && (
        <ShipChosenDialog
          orders={shipping}
          onClose={(shipped) => {
            setShipping(null);
            if (shipped) props.onDone();
          }}
        />
      )}
    </BulkActionBar>
  );
}
