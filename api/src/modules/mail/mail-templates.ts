import { escapeMarkup, formatINR, toRupees } from '@voltcart/shared';

/** Every mail the shop sends. */
export type MailKind =
  | 'account_created'
  | 'order_placed'
  | 'payment_received'
  | 'payment_failed'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refunded';

export interface MailLine {
  name: string;
  options: string;
  qty: number;
  unitPaise: number;
}

export interface MailData {
  shopName: string;
  storefrontUrl: string;
  /** The shopper's name. */
  name: string;
  order?: {
    publicId: string;
    totalPaise: number;
    online: boolean;
    lines: MailLine[];
    carrier?: string | null;
    trackingNumber?: string | null;
    refundPaise?: number;
    reason?: string;
  };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const rupees = (paise: number) => formatINR(toRupees(paise));

/** The lead paragraph(s) and subject of each kind, as plain text (the HTML is built from the same words). */
function wording(kind: MailKind, d: MailData): { subject: string; lead: string[]; action?: string } {
  const o = d.order;
  const id = o?.publicId ?? '';
  switch (kind) {
    case 'account_created':
      return {
        subject: `Welcome to ${d.shopName}`,
        lead: [`Your ${d.shopName} account is ready. You can now order, follow your orders and pay online.`],
        action: 'Start shopping',
      };
    case 'order_placed':
      return {
        subject: `Order ${id} placed (cash on delivery)`,
        lead: [`Thank you for your order. You pay ${rupees(o!.totalPaise)} in cash when it is delivered.`],
        action: 'View your order',
      };
    case 'payment_received':
      return {
        subject: `Payment received for order ${id}`,
        lead: [`We received your payment of ${rupees(o!.totalPaise)}. Your order is confirmed.`],
        action: 'View your order',
      };
    case 'payment_failed':
      return {
        subject: `Payment failed for order ${id}`,
        lead: [
          `Your payment of ${rupees(o!.totalPaise)} did not go through, and no money was taken for it.`,
          'Your order is kept: you can pay for it again from your order page.',
        ],
        action: 'Pay now',
      };
    case 'shipped':
      return {
        subject: `Order ${id} has shipped`,
        lead: [
          'Your order is on its way.',
          o?.carrier || o?.trackingNumber
            ? `Carrier: ${o?.carrier || 'not given'}. Tracking number: ${o?.trackingNumber || 'not given'}.`
            : 'The carrier has not given a tracking number.',
        ],
        action: 'View your order',
      };
    case 'delivered':
      return {
        subject: `Order ${id} delivered`,
        lead: ['Your order has been delivered. We hope you enjoy it.'],
        action: 'View your order',
      };
    case 'cancelled':
      return {
        subject: `Order ${id} cancelled`,
        lead: ['Your order has been cancelled.', ...(o?.reason ? [o.reason] : [])],
        action: 'View your order',
      };
    case 'refunded':
      return {
        subject: `Refund of ${rupees(o?.refundPaise ?? 0)} for order ${id}`,
        lead: [
          `We have refunded ${rupees(o?.refundPaise ?? 0)} to your original payment method. Banks usually take 5–7 working days to show it.`,
          ...(o?.reason ? [`Reason: ${o.reason}`] : []),
        ],
        action: 'View your order',
      };
  }
}

function linkOf(kind: MailKind, d: MailData): string {
  const base = d.storefrontUrl.replace(/\/$/, '');
  return d.order ? `${base}/profile/orders/${d.order.publicId}` : kind === 'account_created' ? base : base;
}

/**
 * A mail's subject, plain text and HTML, in the shop's name.
 * - every value that comes from the database is HTML-escaped in the HTML part
 * - order mails list the lines and the total, and link to the shopper's order page (the "Pay now" link of a
 *   failed payment is that page)
 */
export function renderMail(kind: MailKind, d: MailData): RenderedMail {
  const w = wording(kind, d);
  const link = linkOf(kind, d);
  const o = d.order;
  const lines = o?.lines ?? [];
  const lineText = lines.map(
    (l) => `  ${l.qty} × ${l.name}${l.options ? ` (${l.options})` : ''}: ${rupees(l.unitPaise * l.qty)}`,
  );
  const text = [
    `Hello ${d.name},`,
    '',
    ...w.lead,
    ...(o ? ['', `Order ${o.publicId}`, ...lineText, `  Total: ${rupees(o.totalPaise)}`] : []),
    '',
    `${w.action ?? 'Visit us'}: ${link}`,
    '',
    `${d.shopName}`,
  ].join('\n');

  const e = escapeMarkup;
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${l.qty} × ${e(l.name)}${l.options ? ` <small>(${e(l.options)})</small>` : ''}</td><td align="right">${e(rupees(l.unitPaise * l.qty))}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(w.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${e(d.shopName)}</h1>
<p>Hello ${e(d.name)},</p>
${w.lead.map((p) => `<p>${e(p)}</p>`).join('\n')}
${o ? `<h2 style="font-size:16px">Order ${e(o.publicId)}</h2><table width="100%" cellpadding="4" style="border-collapse:collapse">${rows}<tr><td><strong>Total</strong></td><td align="right"><strong>${e(rupees(o.totalPaise))}</strong></td></tr></table>` : ''}
<p><a href="${e(link)}" style="display:inline-block;background:#0b5fff;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${e(w.action ?? 'Visit us')}</a></p>
<p style="color:#666;font-size:12px">${e(d.shopName)}</p>
</body></html>`;
  // Every subject names the shop once.
  const subject = w.subject.includes(d.shopName) ? w.subject : `${w.subject} – ${d.shopName}`;
  return { subject, text, html };
}
