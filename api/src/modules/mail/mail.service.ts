import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Trx } from '../../lib/transaction';
import * as repo from './mail.repository';
import { type MailData, type MailKind, renderMail } from './mail-templates';

/** The domain of MAIL_FROM (the right-hand side of every Message-ID we make). */
export function mailDomain(from: string): string {
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'voltcart.local';
}

/**
 * Writes one mail to the outbox, inside the caller's transaction: it exists exactly when the change that causes
 * it is committed, and the sender (outbox-sender.ts) delivers it afterwards.
 * - the text is rendered now, in the shop's current name (a later rename does not change a mail already due)
 * - the Message-ID is fixed now, so every delivery attempt of this mail carries the same one
 * - MAIL_ENABLED=false writes nothing
 */
export async function enqueueMail(
  trx: Trx,
  config: Config,
  mail: {
    kind: MailKind;
    to: string;
    orderId?: number | null;
    /** The shop's name as saved, when the caller has read it already; else it is read now. */
    savedShopName?: string;
    data: Omit<MailData, 'shopName' | 'storefrontUrl'>;
  },
): Promise<void> {
  if (!config.MAIL_ENABLED) return;
  const shopName = (mail.savedShopName ?? (await repo.savedShopName(trx))) || config.SHOP_NAME;
  const rendered = renderMail(mail.kind, { ...mail.data, shopName, storefrontUrl: config.STOREFRONT_URL });
  await repo.insertMail(trx, {
    message_id: `<${randomUUID()}@${mailDomain(config.MAIL_FROM)}>`,
    kind: mail.kind,
    recipient: mail.to,
    subject: rendered.subject.slice(0, 300),
    text_body: rendered.text,
    html_body: rendered.html,
    order_id: mail.orderId ?? null,
  });
}

/**
 * Writes a mail again, on staff request, in the caller's transaction: the same text to the same recipient as a
 * new message with its own Message-ID (a copy under the old id would be dropped as a duplicate).
 */
export async function resendMail(trx: Trx, config: Config, original: repo.OutboxRow): Promise<void> {
  await repo.insertMail(trx, {
    message_id: `<${randomUUID()}@${mailDomain(config.MAIL_FROM)}>`,
    kind: original.kind,
    recipient: original.recipient,
    subject: original.subject,
    text_body: original.text_body,
    html_body: original.html_body,
    order_id: original.order_id,
  });
}
