import type { Config } from '../../config';
import type { Trx } from '../../lib/transaction';
import { enqueueMail } from '../mail/mail.service';
import type { MailKind } from '../mail/mail-templates';
import * as repo from './returns.repository';

/**
 * Writes a return mail to the outbox in the caller's transaction (it exists exactly when the step is committed):
 * the request's items, and what the step adds (pickup, reason, replacement order).
 */
export async function mailReturn(
  trx: Trx,
  config: Config,
  kind: Extract<MailKind, 'return_requested' | 'return_approved' | 'return_rejected' | 'replacement_shipped'>,
  row: repo.ReturnRow,
  orderPublicId: string,
  extra: { replacementOrderId?: string; toPayPaise?: number } = {},
): Promise<void> {
  if (!config.MAIL_ENABLED) return;
  const shopper = await repo.shopperOfOrder(trx, row.order_id);
  if (!shopper) return;
  const lines = await repo.linesOfRequests(trx, [row.id]);
  const items = lines.map((l) => {
    const options = [l.color_name, l.memory_size ? `${l.memory_size} GB` : null].filter(Boolean).join(', ');
    return `${l.qty} × ${l.name}${options ? ` (${options})` : ''}`;
  });
  await enqueueMail(trx, config, {
    kind,
    to: shopper.email,
    orderId: row.order_id,
    data: {
      name: shopper.name,
      path: `/profile/orders/${orderPublicId}`,
      returnInfo: {
        id: row.public_id,
        orderId: orderPublicId,
        kind: row.kind as 'refund' | 'replacement',
        items,
        pickup:
          row.pickup_carrier && row.pickup_awb
            ? { carrier: row.pickup_carrier, awb: row.pickup_awb }
            : undefined,
        reason: row.reject_reason ?? undefined,
        replacementOrderId: extra.replacementOrderId,
        toPayPaise: extra.toPayPaise,
      },
    },
  });
}
