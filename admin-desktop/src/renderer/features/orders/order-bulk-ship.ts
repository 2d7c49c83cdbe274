import { errorMessage } from '@voltcart/api-client/http';
import type { BulkShipRow } from '@voltcart/shared';
import { useState } from 'react';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

/** What each row of a shipping CSV will do (preview) or did. */
export const SHIP_RESULT_LABELS: Record<BulkShipRow['status'], string> = {
  ready: 'Will be shipped',
  shipped: 'Shipped',
  error: 'Not done',
};

interface BulkShipAnswer {
  rows: BulkShipRow[];
  /** Rows that the preview found ready to ship. */
  ready: number;
  applied: boolean;
}

/**
 * The CSV route (POST /order/bulk-ship) as both shipping dialogs use it: `run(csv, false)` previews each row,
 * `run(csv, true)` ships the ready ones (each order moved by itself, as the single move does). Keeps the last
 * answer, or the problem that stopped it.
 */
export function useBulkShip() {
  const [answer, setAnswer] = useState<BulkShipAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useApiMutation(
    (vars: { csv: string; apply: boolean }) => api.order.bulkShip({ body: vars }),
    [queryKeys.orders.all],
  );
  const run = async (csv: string, apply: boolean) => {
    setProblem(null);
    try {
      const r = await send.mutateAsync({ csv, apply });
      setAnswer({ rows: r.rows, ready: r.ready, applied: apply });
      if (apply) toast.success(r.msg);
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };
  return {
    answer,
    problem,
    pending: send.isPending,
    run,
    /** Forgets the answer (what it previewed no longer holds) and the problem. */
    reset: () => {
      setAnswer(null);
      setProblem(null);
    },
    /** Orders shipped by the applied run. */
    shipped: answer?.applied ? answer.rows.filter((r) => r.status === 'shipped').length : 0,
  };
}
