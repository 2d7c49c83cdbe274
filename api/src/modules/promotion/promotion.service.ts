import { randomInt } from 'node:crypto';
import {
  type Deal,
  offerWords,
  type Promotion,
  type PromotionInput,
  toPaise,
  toRupees,
} from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import * as repo from './promotion.repository';
import { jsonList } from './promotion-json';

export const PROMOTION_STAFF_MESSAGES = {
  created: 'Discount saved.',
  updated: 'Discount updated.',
  deleted: 'Discount deleted.',
  inUse: 'Orders have used this discount, so it cannot be deleted. Switch it off instead.',
  kindFixed:
    'A discount code cannot become an automatic offer (or the other way round). Create a new one instead.',
  generateOnCode: 'Codes can be generated only for a discount code, not for an automatic offer.',
  duplicate: (code: string) =>
    `The code ${code} is already used by another discount. Choose a different code.`,
  generated: (n: number) => `${n.toLocaleString('en-IN')} codes generated.`,
} as const;
const M = PROMOTION_STAFF_MESSAGES;

const targetsOf = (row: repo.PromotionRow): string[] => jsonList(row.targets);

function toPromotion(row: repo.PromotionListRow): Promotion {
  const money = (p: number | null) => (p === null ? null : toRupees(p));
  return {
    _id: String(row.id),
    name: row.name,
    kind: row.kind,
    code: row.code,
    action: row.action,
    percent: row.percent_bp === null ? null : row.percent_bp / 100,
    cap: money(row.cap_paise),
    amount: money(row.amount_paise),
    buyQty: row.buy_qty,
    getQty: row.get_qty,
    scope: row.scope,
    targets: targetsOf(row),
    requiresScope: row.requires_scope,
    requiresTargets: row.requires_scope ? jsonList(row.requires_targets) : [],
    minOrder: toRupees(row.min_order_paise),
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    maxUses: row.max_uses,
    used: row.used,
    perCustomer: row.per_customer,
    firstOrderOnly: Boolean(row.first_order_only),
    onlineOnly: Boolean(row.online_only),
    combinable: Boolean(row.combinable),
    active: Boolean(row.active),
    deal: Boolean(row.deal),
    generatedCodes: row.generated_codes,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The columns of a promotion from what staff sent (already checked by promotionBody). */
function fieldsOf(p: PromotionInput): repo.PromotionFields {
  const paise = (r: number | null | undefined) => (r === null || r === undefined ? null : toPaise(r));
  return {
    name: p.name,
    kind: p.kind,
    action: p.action,
    percent_bp: p.action === 'percent' && p.percent ? Math.round(p.percent * 100) : null,
    cap_paise: p.action === 'percent' ? paise(p.cap) : null,
    amount_paise: p.action === 'amount' ? paise(p.amount) : null,
    buy_qty: p.action === 'buy_x_get_y' ? (p.buyQty ?? null) : null,
    get_qty: p.action === 'buy_x_get_y' ? (p.getQty ?? null) : null,
    scope: p.scope,
    targets: JSON.stringify(p.scope === 'order' ? [] : [...new Set(p.targets.filter(Boolean))]),
    requires_scope: p.requiresScope,
    requires_targets: p.requiresScope
      ? JSON.stringify([...new Set(p.requiresTargets.filter(Boolean))])
      : null,
    min_order_paise: toPaise(p.minOrder),
    starts_at: p.startsAt,
    ends_at: p.endsAt,
    max_uses: p.maxUses,
    per_customer: p.perCustomer,
    first_order_only: p.firstOrderOnly ? 1 : 0,
    online_only: p.onlineOnly ? 1 : 0,
    combinable: p.combinable ? 1 : 0,
    active: p.active ? 1 : 0,
    deal: p.deal ? 1 : 0,
  };
}

export async function listPromotions(db: Db): Promise<Promotion[]> {
  return (await repo.listPromotions(db)).map(toPromotion);
}

export async function getPromotion(db: Db, id: number): Promise<Promotion> {
  const row = await repo.findPromotion(db, id);
  if (!row) throw notFound('Discount');
  return toPromotion(row);
}

async function checkCodeFree(db: Db, code: string | undefined, promotionId: number | null) {
  if (!code) return;
  const owner = await repo.codeOwner(db, code);
  if (owner !== null && owner !== promotionId) throw conflict(M.duplicate(code), 'duplicate_code');
}

/** A duplicate code met at insert time (two staff saving the same code at once). */
function duplicateOr(e: unknown, code: string | undefined): unknown {
  return isDuplicateKey(e) && code ? conflict(M.duplicate(code), 'duplicate_code') : e;
}

/** Creates a discount code (with its typed code, when it has one) or an automatic offer. */
export async function createPromotion(db: Db, input: PromotionInput): Promise<Promotion> {
  await checkCodeFree(db, input.code, null);
  try {
    const id = await transaction(db, async (trx) => {
      const newId = await repo.insertPromotion(trx, fieldsOf(input));
      if (input.kind === 'code' && input.code) await repo.setTypedCode(trx, newId, input.code);
      return newId;
    });
    return getPromotion(db, id);
  } catch (e) {
    throw duplicateOr(e, input.code);
  }
}

/**
 * Saves a promotion's new terms. Orders already placed keep the discounts they were priced with (kept with each
 * order); only what is ordered from now on follows the new terms.
 */
export async function updatePromotion(db: Db, id: number, input: PromotionInput): Promise<Promotion> {
  const row = await repo.findPromotion(db, id);
  if (!row) throw notFound('Discount');
  if (row.kind !== input.kind) throw badRequest(M.kindFixed);
  await checkCodeFree(db, input.code, id);
  try {
    await transaction(db, async (trx) => {
      await repo.updatePromotion(trx, id, fieldsOf(input));
      if (input.kind === 'code') {
        // A typed code used by orders stays: removing it from the form keeps it (switch the discount off instead).
        if (input.code || !(await repo.hasRedemptions(trx, id)))
          await repo.setTypedCode(trx, id, input.code ?? null);
      }
    });
  } catch (e) {
    throw duplicateOr(e, input.code);
  }
  return getPromotion(db, id);
}

export async function deletePromotion(db: Db, id: number): Promise<void> {
  const row = await repo.findPromotion(db, id);
  if (!row) throw notFound('Discount');
  if (await repo.hasRedemptions(db, id)) throw conflict(M.inUse, 'in_use');
  await repo.deletePromotion(db, id);
}

// Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L).
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 10;

function randomCode(prefix: string): string {
  let s = prefix;
  for (let i = 0; i < RANDOM_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/**
 * N new single-use codes for a discount code promotion, unique across the shop: drawn at random (31^10
 * possibilities), any already taken drawn again, all inserted in one transaction (the unique key is the final
 * word: a clash with a code saved meanwhile starts the batch again).
 */
export async function generateCodes(
  db: Db,
  id: number,
  input: { count: number; prefix?: string | undefined },
): Promise<{ codes: string[]; promotion: Promotion }> {
  const row = await repo.findPromotion(db, id);
  if (!row) throw notFound('Discount');
  if (row.kind !== 'code') throw badRequest(M.generateOnCode);
  const prefix = input.prefix ?? '';
  for (let attempt = 0; ; attempt++) {
    const codes = new Set<string>();
    while (codes.size < input.count) {
      const want = input.count - codes.size;
      const drawn = Array.from({ length: want }, () => randomCode(prefix)).filter((c) => !codes.has(c));
      const taken = await repo.existingCodes(db, drawn);
      for (const c of drawn) if (!taken.has(c)) codes.add(c);
    }
    try {
      await transaction(db, (trx) => repo.insertGeneratedCodes(trx, id, [...codes]));
      return { codes: [...codes], promotion: await getPromotion(db, id) };
    } catch (e) {
      if (!isDuplicateKey(e) || attempt >= 2) throw e;
    }
  }
}

/** Every code of a promotion, for its CSV export. */
export async function codesForExport(db: Db, id: number) {
  const row = await repo.findPromotion(db, id);
  if (!row) throw notFound('Discount');
  return { promotion: row, codes: await repo.codesOf(db, id) };
}

/** Deals running now, soonest end first: the home page's "Deals of the day". */
export async function runningDeals(db: Db, now = new Date()): Promise<Deal[]> {
  const rows = await repo.runningDeals(db, now);
  return rows
    .map((r) => ({
      _id: String(r.id),
      name: r.name,
      endsAt: r.ends_at!.toISOString(),
      offer: offerWords({
        action: r.action,
        percentBp: r.percent_bp,
        capPaise: r.cap_paise,
        amountPaise: r.amount_paise,
        buyQty: r.buy_qty,
        getQty: r.get_qty,
      }),
      productIds: r.scope === 'products' ? targetsOf(r) : [],
    }))
    .sort((a, b) => a.endsAt.localeCompare(b.endsAt));
}
