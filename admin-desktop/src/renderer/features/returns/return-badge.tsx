import { RETURN_STATE_LABELS, type ReturnState } from '@voltcart/shared';

const TONE: Record<ReturnState, string> = {
  requested: 'badge-warn',
  approved: 'state-shipped',
  rejected: 'badge-bad',
  received: 'state-pending_payment',
  refunded: 'state-delivered',
  replaced: 'state-delivered',
};

export function ReturnBadge({ state }: { state: ReturnState }) {
  return <span className={`badge ${TONE[state]}`}>{RETURN_STATE_LABELS[state]}</span>;
}
