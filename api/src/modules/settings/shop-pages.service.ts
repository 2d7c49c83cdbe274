import {
  formatINR,
  SHOP_PAGE_TITLES,
  type ShopPage,
  type ShopPageSlug,
  type shopPageBody,
} from '@voltcart/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { badRequest } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { type ReturnsPolicySettings, readPolicy } from '../returns/returns.service';
import * as repo from './settings.repository';
import { getShopSettings } from './settings.service';

type Officer = NonNullable<ShopPage['officer']>;

/**
 * The starting text of each page: true of every Voltcart shop (what it keeps, how it is paid, the shopper's data
 * rights), and a last section telling staff what only they can write. Shown until staff save their own.
 */
function startingText(
  slug: ShopPageSlug,
  shop: { name: string; freeShipping: number; returns: ReturnsPolicySettings },
): string {
  const staff = (what: string) =>
    `## For the shop's staff\nReplace this text in the back office (Settings → Shop pages): ${what}`;
  switch (slug) {
    case 'terms':
      return [
        `## Ordering from ${shop.name}\nPrices are in rupees and include GST. Your order is confirmed by the order mail; if we cannot deliver it, we cancel it and refund anything you paid in full.`,
        '## Paying\nPay online (cards, UPI, net banking through Razorpay) or in cash on delivery where it is offered. Card details never reach us.',
        staff(
          "the seller's legal name and registered address, how orders are accepted and cancelled, warranty terms, and the courts that settle disputes.",
        ),
      ].join('\n\n');
    case 'privacy':
      return [
        `## What ${shop.name} keeps\nYour name, e-mail address, saved addresses, cart and orders, to deliver your orders and write to you about them. Payments are handled by Razorpay: we never see card numbers.`,
        '## Your data rights\n- Download everything we keep about you: My account → My data.\n- Delete your account: My account → Delete my account. Your personal data is erased; orders and tax invoices are kept as the law requires.\n- Change your name, e-mail address or password in My account at any time.',
        staff(
          'who receives data besides the couriers and the payment gateway, how long it is kept, and cookies.',
        ),
      ].join('\n\n');
    case 'shipping':
      return [
        '## Where and how we deliver\nWe deliver to addresses in India. Any delivery charge is shown at checkout before you pay, and every order mail carries the courier and tracking number once it ships.',
        shop.freeShipping > 0
          ? `Orders over ${formatINR(shop.freeShipping)} are delivered free.`
          : 'Delivery is free on every order.',
        staff('the areas you deliver to, how long delivery takes, and your couriers.'),
      ].join('\n\n');
    case 'returns':
      return [
        `## Returns and replacements\nAsk for a return or a replacement on your order's page (My account → the order → Return or replace) within ${shop.returns.windowDays} days of delivery: choose the items, tell us why and add photos if something arrived damaged. We book the pickup and write to you at each step. If anything is unclear, write to us or call us (see Contact us) with your order number.`,
        `## How refunds are paid\n- Paid online: back to the card, UPI or account you paid with.\n- Cash on delivery: to your UPI ID or bank account.${
          shop.returns.shippingRefund === 'always'
            ? '\n- The delivery charge is refunded with the items.'
            : shop.returns.shippingRefund === 'fault'
              ? '\n- The delivery charge is refunded when an item arrived damaged, defective, wrong or not as described.'
              : ''
        }`,
        staff('what cannot be returned, who pays for the return pickup, and how soon refunds are made.'),
      ].join('\n\n');
    case 'contact':
      return 'Write to us or call us about an order, a payment or this shop. Complaints go to our grievance officer, named below.';
  }
}

function officerOf(saved: string | null | undefined): Officer | null {
  if (!saved) return null;
  return (typeof saved === 'string' ? JSON.parse(saved) : saved) as Officer;
}

/** A page as staff saved it, else its starting text. */
export async function getShopPage(db: Db, config: Config, slug: ShopPageSlug): Promise<ShopPage> {
  const [row, settings, returns] = await Promise.all([
    repo.findShopPage(db, slug),
    getShopSettings(db, config, { admin: false }),
    readPolicy(db),
  ]);
  return {
    slug,
    title: SHOP_PAGE_TITLES[slug],
    body:
      row?.body ??
      startingText(slug, { name: settings.shopName, freeShipping: settings.freeShippingThreshold, returns }),
    updatedAt: row ? row.updated_at.toISOString() : null,
    ...(slug === 'contact' && { officer: officerOf(row?.officer) }),
  };
}

/** Saves a page's text (and the contact page's grievance officer, which only it has), with its history record. */
export async function saveShopPage(
  db: Db,
  config: Config,
  actor: Actor,
  slug: ShopPageSlug,
  input: z.output<typeof shopPageBody>,
): Promise<ShopPage> {
  if (input.officer && slug !== 'contact')
    throw badRequest('The grievance officer is named on the contact page only.');
  await transaction(db, async (trx) => {
    const before = await getShopPage(trx, config, slug);
    const officer = slug === 'contact' ? (input.officer ?? before.officer ?? null) : null;
    await repo.saveShopPage(trx, slug, input.body, officer ? JSON.stringify(officer) : null);
    await recordAudit(trx, {
      actor,
      action: 'settings.update',
      kind: 'settings',
      objectId: `page:${slug}`,
      summary: `Saved the page “${SHOP_PAGE_TITLES[slug]}”`,
      before: { body: before.body, ...(officer && { officer: before.officer }) },
      after: { body: input.body, ...(officer && { officer }) },
    });
  });
  return getShopPage(db, config, slug);
}
