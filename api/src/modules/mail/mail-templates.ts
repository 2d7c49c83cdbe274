import { escapeMarkup, estimatePhrase, formatINR, toRupees, trackingUrl } from '@voltcart/shared';

/** Every mail the shop sends. */
export type MailKind =
  | 'account_created'
  | 'order_placed'
  | 'payment_received'
  | 'payment_failed'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  | 'password_reset'
  | 'sign_in_code'
  | 'email_change'
  | 'email_changed'
  | 'verify_email'
  | 'delete_account'
  | 'account_deleted'
  | 'staff_password'
  | 'back_in_stock'
  | 'return_requested'
  | 'return_approved'
  | 'return_rejected'
  | 'replacement_shipped'
  | 'newsletter_code'
  | 'low_stock'
  | 'sales_summary'
  | 'cart_reminder'
  | 'review_request';

/** Mails to staff: no storefront link (the back office is a desktop app). */
const STAFF_KINDS: readonly MailKind[] = ['staff_password', 'low_stock', 'sales_summary'];

export interface MailLine {
  name: string;
  options: string;
  qty: number;
  unitPaise: number;
}

export interface MailData {
  shopName: string;
  storefrontUrl: string;
  /** The shopper's name (mails greet by its first word only: see greeting). */
  name: string;
  /** Account mails: the path of the link on the storefront (with its single-use token). */
  path?: string;
  /** A sign-in code, or a staff member's first password. */
  secret?: string;
  /** The e-mail change's new address. */
  newEmail?: string;
  /** Back-in-stock mails: the product and the options that came back. */
  product?: { name: string; options: string };
  /** Low-stock mails: the variants that crossed down to their threshold. */
  lowStock?: { name: string; sku: string; units: number; threshold: number }[];
  /** The Owner's summary mail: its subject, its lines of figures (already in words and rupees). */
  summary?: { subject: string; lines: string[] };
  /** The newsletter's first-order code (in `secret`): its percentage and when it stops working, in words. */
  offer?: { percent: number; until: string };
  /** Reminder mails: the lines of the waiting cart, or the products to review (each a line with its own link). */
  items?: { label: string; path?: string }[];
  /** Reminder mails: the path of the link that turns reminder mails off (with its token). */
  optOutPath?: string;
  order?: {
    publicId: string;
    totalPaise: number;
    online: boolean;
    lines: MailLine[];
    /** Discount codes and offers the order was priced with ("Discount (DIWALI10)", paise off). */
    discounts?: { label: string; amountPaise: number }[];
    /** The shipping charge and COD fee the order was priced with (lines of the mail when given). */
    shippingPaise?: number;
    codFeePaise?: number;
    /** The delivery estimate given at checkout (Indian dates). */
    estimate?: { from: string; to: string } | null;
    carrier?: string | null;
    trackingNumber?: string | null;
    refundPaise?: number;
    reason?: string;
  };
  /** Return mails: the request, its items ("1 × Phone (Black)"), and what the step says. */
  returnInfo?: {
    id: string;
    orderId: string;
    kind: 'refund' | 'replacement';
    items: string[];
    pickup?: { carrier: string; awb: string };
    reason?: string;
    replacementOrderId?: string;
    /** A dearer replacement: the price difference paid in cash on its delivery. */
    toPayPaise?: number;
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
        lead: [
          `Your ${d.shopName} account is ready. You can now order, follow your orders and pay online.`,
          'Please confirm that this e-mail address is yours with the link: it works for 7 days. If you did not create this account, ignore this mail.',
        ],
        action: 'Confirm my e-mail address',
      };
    case 'verify_email':
      return {
        subject: 'Confirm your e-mail address',
        lead: [
          'Open the link to confirm that this e-mail address is yours. It works once, for 7 days.',
          'If you did not ask for this, ignore this mail.',
        ],
        action: 'Confirm my e-mail address',
      };
    case 'password_reset':
      return {
        subject: 'Reset your password',
        lead: [
          'Someone (we hope you) asked to reset the password of your account. The link works once, for 30 minutes.',
          'If it was not you, ignore this mail: your password stays as it is.',
        ],
        action: 'Choose a new password',
      };
    case 'sign_in_code':
      return {
        subject: `Your sign-in code: ${d.secret}`,
        lead: [
          `Your sign-in code is ${d.secret}. It works once, for 10 minutes.`,
          'If you did not ask for it, ignore this mail: nobody can sign in without the code.',
        ],
        action: 'Go to the shop',
      };
    case 'email_change':
      return {
        subject: 'Confirm your new e-mail address',
        lead: [
          'Open the link to make this address the one you log in with. The link works once, for 24 hours.',
          'If you did not ask for this, ignore this mail.',
        ],
        action: 'Confirm this address',
      };
    case 'email_changed':
      return {
        subject: 'Your e-mail address is being changed',
        lead: [
          `Someone logged in to your account asked to log in with ${d.newEmail} from now on. It changes once that address confirms it.`,
          'If it was not you, change your password now and log out everywhere from your profile.',
        ],
        action: 'Go to your profile',
      };
    case 'delete_account':
      return {
        subject: 'Confirm deleting your account',
        lead: [
          'Open the link to delete your account. Your name, e-mail, addresses and cart are erased; orders and tax invoices are kept as the law requires. The link works once, for 24 hours.',
          'If you did not ask for this, ignore this mail: your account stays.',
        ],
        action: 'Delete my account',
      };
    case 'account_deleted':
      return {
        subject: 'Your account has been deleted',
        lead: [
          'Your account and its personal data have been deleted. You can register again with this address at any time.',
        ],
      };
    case 'newsletter_code':
      return {
        subject: `Your ${d.offer?.percent}% off code for your first order`,
        lead: [
          `Thank you for subscribing to the ${d.shopName} newsletter. We will write when new products and offers arrive.`,
          `Your code ${d.secret} takes ${d.offer?.percent}% off your first order. It works once, until ${d.offer?.until} (India time): type it in the "Discount code" field of your cart or at checkout.`,
        ],
        action: 'Shop now',
      };
    case 'staff_password':
      return {
        subject: 'Your back-office password',
        lead: [
          `Your first password for the ${d.shopName} back office is: ${d.secret}`,
          'You choose your own password when you first log in with it; nobody else knows it then.',
        ],
      };
    case 'low_stock': {
      const rows = d.lowStock ?? [];
      return {
        subject:
          rows.length === 1
            ? `Low stock: ${rows[0]!.name} (${rows[0]!.sku})`
            : `Low stock: ${rows.length} variants`,
        lead: [
          `${rows.length === 1 ? 'This variant has' : 'These variants have'} reached ${rows.length === 1 ? 'its' : 'their'} low-stock threshold:`,
          ...rows.map(
            (r) =>
              `${r.name} (${r.sku}): ${r.units} unit${r.units === 1 ? '' : 's'} left, threshold ${r.threshold}`,
          ),
          'We write once each time a variant falls to its threshold; the dashboard lists every variant still low.',
        ],
      };
    }
    case 'sales_summary':
      return { subject: d.summary?.subject ?? 'Sales summary', lead: d.summary?.lines ?? [] };
    case 'back_in_stock': {
      const what = `${d.product?.name ?? 'A product'}${d.product?.options ? ` (${d.product.options})` : ''}`;
      return {
        subject: `${what} is back in stock`,
        lead: [
          `${what} is back in stock. Units are not held for anyone: order soon if you still want it.`,
          'You asked us to write once when it came back; we will not write about it again.',
        ],
        action: 'See the product',
      };
    }
    case 'cart_reminder':
      return {
        subject: 'You left something in your cart',
        lead: [
          'Your cart is saved: these items are waiting for you. Prices and stock can change until you order.',
        ],
        action: 'Go to your cart',
      };
    case 'review_request':
      return {
        subject: 'How is your purchase?',
        lead: [
          'Your order was delivered a few days ago. Other shoppers would like to know what you think: a rating takes a moment, and a few words help even more.',
        ],
        action: 'Write a review',
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
          ...(trackingUrl(o?.carrier, o?.trackingNumber)
            ? [`Track your parcel: ${trackingUrl(o?.carrier, o?.trackingNumber)}`]
            : []),
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
    case 'return_requested':
    case 'return_approved':
    case 'return_rejected':
    case 'replacement_shipped':
      return returnWording(kind, d);
    case 'refunded':
      return {
        subject: `Refund of ${rupees(o?.refundPaise ?? 0)} for order ${id}`,
        lead: [
          o?.online === false
            ? `We have refunded ${rupees(o?.refundPaise ?? 0)}. You paid in cash on delivery, so it was sent to the UPI ID or bank account you gave us (or given back in cash).`
            : `We have refunded ${rupees(o?.refundPaise ?? 0)} to your original payment method. Banks usually take 5–7 working days to show it.`,
          ...(o?.reason ? [`Reason: ${o.reason}`] : []),
        ],
        action: 'View your order',
      };
  }
}

/** The return mails: what happened to the request, and its items. */
function returnWording(
  kind: 'return_requested' | 'return_approved' | 'return_rejected' | 'replacement_shipped',
  d: MailData,
): { subject: string; lead: string[]; action?: string } {
  const r = d.returnInfo!;
  const what = r.kind === 'refund' ? 'return' : 'replacement';
  const items = r.items.map((i) => `- ${i}`);
  switch (kind) {
    case 'return_requested':
      return {
        subject: `We received your ${what} request ${r.id}`,
        lead: [
          `We received your ${what} request ${r.id} for order ${r.orderId}:`,
          ...items,
          'We will check it and tell you by mail within 2 working days.',
        ],
        action: 'View your order',
      };
    case 'return_approved':
      return {
        subject: `Your ${what} request ${r.id} is approved`,
        lead: [
          `Your ${what} request ${r.id} for order ${r.orderId} is approved:`,
          ...items,
          r.pickup
            ? `Pickup: ${r.pickup.carrier} will collect the parcel from your shipping address. AWB number: ${r.pickup.awb}.`
            : 'We will tell you how the parcel is collected.',
          'Please pack the items with their box and accessories.',
        ],
        action: 'View your order',
      };
    case 'return_rejected':
      return {
        subject: `Your ${what} request ${r.id} was not accepted`,
        lead: [
          `We could not accept your ${what} request ${r.id} for order ${r.orderId}:`,
          ...items,
          `Reason: ${r.reason ?? 'not given'}`,
          'If you think this is a mistake, reply to this mail or write to us from the Contact page.',
        ],
        action: 'View your order',
      };
    case 'replacement_shipped':
      return {
        subject: `Your replacement for order ${r.orderId} is on its way`,
        lead: [
          `We received the items of request ${r.id} and are sending their replacement as order ${r.replacementOrderId}:`,
          ...items,
          r.toPayPaise
            ? `You pay ${rupees(r.toPayPaise)} in cash on its delivery: the price difference of the option you chose.`
            : 'There is nothing to pay.',
        ],
        action: 'View your order',
      };
  }
}

/** Every link goes to the shop's own address: the storefront, a page of it, or the shopper's order. */
function linkOf(d: MailData): string {
  const base = d.storefrontUrl.replace(/\/$/, '');
  if (d.order) return `${base}/profile/orders/${d.order.publicId}`;
  return d.path ? `${base}${d.path}` : base;
}

/**
 * The name a mail greets with: the first word of the account's name, when it is a plain name (letters, marks,
 * an apostrophe, a hyphen or a dot, at most 30 characters). Anything else (a sentence, an address, a link,
 * which a sign-up form lets anyone type) is not echoed: the mail says "Hello," alone.
 */
export function greetingName(name: string): string | null {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return /^[\p{L}\p{M}][\p{L}\p{M}'’.-]{0,29}$/u.test(first) && !/\.[\p{L}]{2,}/u.test(first) ? first : null;
}

/**
 * A mail's subject, plain text and HTML, in the shop's name.
 * - every value that comes from the database is HTML-escaped in the HTML part
 * - order mails list the lines and the total, and link to the shopper's order page (the "Pay now" link of a
 *   failed payment is that page)
 */
export function renderMail(kind: MailKind, d: MailData): RenderedMail {
  const w = wording(kind, d);
  const link = linkOf(d);
  const greeting = greetingName(d.name);
  const o = d.order;
  const lines = o?.lines ?? [];
  const lineText = lines.map(
    (l) => `  ${l.qty} × ${l.name}${l.options ? ` (${l.options})` : ''}: ${rupees(l.unitPaise * l.qty)}`,
  );
  const discounts = (o?.discounts ?? []).filter((x) => x.amountPaise > 0);
  const discountText = discounts.map((x) => `  ${x.label}: −${rupees(x.amountPaise)}`);
  // Shipping (FREE when nothing was charged) and the COD fee, as the order page shows them.
  const charges: [string, string][] = [];
  if (o?.shippingPaise !== undefined)
    charges.push(['Shipping', o.shippingPaise > 0 ? rupees(o.shippingPaise) : 'FREE']);
  if (o?.codFeePaise) charges.push(['Cash on delivery fee', rupees(o.codFeePaise)]);
  const estimate = o?.estimate ? estimatePhrase(o.estimate) : null;
  const base = d.storefrontUrl.replace(/\/$/, '');
  const items = d.items ?? [];
  const optOut = d.optOutPath ? `${base}${d.optOutPath}` : null;
  const text = [
    greeting ? `Hello ${greeting},` : 'Hello,',
    '',
    ...w.lead,
    ...(o
      ? [
          '',
          `Order ${o.publicId}`,
          ...lineText,
          ...discountText,
          ...charges.map(([k, v]) => `  ${k}: ${v}`),
          `  Total: ${rupees(o.totalPaise)}`,
          ...(estimate ? [estimate] : []),
        ]
      : []),
    ...(items.length ? ['', ...items.map((i) => `  - ${i.label}${i.path ? `: ${base}${i.path}` : ''}`)] : []),
    '',
    ...(w.action || !STAFF_KINDS.includes(kind) ? [`${w.action ?? 'Visit us'}: ${link}`, ''] : []),
    ...(optOut ? [`You get this mail because reminder mails are on. Stop them: ${optOut}`, ''] : []),
    `${d.shopName}`,
  ].join('\n');

  const e = escapeMarkup;
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${l.qty} × ${e(l.name)}${l.options ? ` <small>(${e(l.options)})</small>` : ''}</td><td align="right">${e(rupees(l.unitPaise * l.qty))}</td></tr>`,
    )
    .join('');
  const discountRows = discounts
    .map((x) => `<tr><td>${e(x.label)}</td><td align="right">−${e(rupees(x.amountPaise))}</td></tr>`)
    .join('');
  const chargeRows = charges
    .map(([k, v]) => `<tr><td>${e(k)}</td><td align="right">${e(v)}</td></tr>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(w.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${e(d.shopName)}</h1>
<p>${greeting ? `Hello ${e(greeting)},` : 'Hello,'}</p>
${w.lead.map((p) => `<p>${e(p)}</p>`).join('\n')}
${o ? `<h2 style="font-size:16px">Order ${e(o.publicId)}</h2><table width="100%" cellpadding="4" style="border-collapse:collapse">${rows}${discountRows}${chargeRows}<tr><td><strong>Total</strong></td><td align="right"><strong>${e(rupees(o.totalPaise))}</strong></td></tr></table>${estimate ? `<p><strong>${e(estimate)}</strong></p>` : ''}` : ''}
${items.length ? `<ul>${items.map((i) => `<li>${i.path ? `<a href="${e(base + i.path)}">${e(i.label)}</a>` : e(i.label)}</li>`).join('')}</ul>` : ''}
${STAFF_KINDS.includes(kind) ? '' : `<p><a href="${e(link)}" style="display:inline-block;background:#0b5fff;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${e(w.action ?? 'Visit us')}</a></p>`}
${optOut ? `<p style="color:#666;font-size:12px">You get this mail because reminder mails are on. <a href="${e(optOut)}">Stop reminder mails</a></p>` : ''}
<p style="color:#666;font-size:12px">${e(d.shopName)}</p>
</body></html>`;
  // Every subject names the shop once.
  const subject = w.subject.includes(d.shopName) ? w.subject : `${w.subject} – ${d.shopName}`;
  return { subject, text, html };
}
