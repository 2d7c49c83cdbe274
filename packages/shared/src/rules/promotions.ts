import type { PricingLine } from '../pricing/price-goods';
import { type Discount, priceOrder } from '../pricing/price-order';
import { formatINR, toRupees } from './money';
import { SHOP_TIME_ZONE } from './report-period';

/**
 * Discount codes and automatic offers: which apply to a cart, why one does not, and the best combination for the
 * shopper. The money itself is always priceOrder's (packages/shared pricing): these rules only choose the
 * discounts it is given.
 */

export const PROMOTION_ACTIONS = ['percent', 'amount', 'free_shipping', 'buy_x_get_y'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

export const PROMOTION_SCOPES = ['order', 'categories', 'brands', 'products', 'variants'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/** What a promotion may require in the cart besides the lines it is for ("10% off accessories with any phone"). */
export const REQUIRES_SCOPES = ['categories', 'brands', 'products'] as const;
export type RequiresScope = (typeof REQUIRES_SCOPES)[number];

/** A product (or category, or brand) that must be in the cart for a promotion to apply. */
export interface PromotionRequirement {
  scope: RequiresScope;
  /** Category or product ids (as strings), or brand names. */
  targets: readonly string[];
  /** Their names, for the shopper ("Phones", "Apple or Samsung"). */
  label: string;
}

/**
 * A code as it is stored and compared.
 * - spaces anywhere are dropped (" diwali 10 " is DIWALI10), letters upper-cased
 * - so codes are case-insensitive and trimmed
 */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** One promotion as the rules need it; the service fills in the uses left from the database. */
export interface PromotionRule {
  id: number;
  /** The offer's name: the line the shopper sees for an automatic offer. */
  name: string;
  /** The code typed (normalised) for a discount code; null for an automatic offer. */
  code: string | null;
  action: PromotionAction;
  /** `percent`: 1000 = 10 %. */
  percentBp: number | null;
  /** `amount`: paise off. */
  amountPaise: number | null;
  /** `percent`: at most this many paise off (null: no cap). */
  capPaise: number | null;
  /** `buy_x_get_y`: for every `buyQty` units bought, `getQty` more of the cheapest are free. */
  buyQty: number | null;
  getQty: number | null;
  scope: PromotionScope;
  /** Category, product or variant ids (as strings), or brand names, of a scoped promotion. */
  targets: readonly string[];
  /** Names of the targets, for the shopper's message ("This code is only for Accessories…"). */
  scopeLabel: string;
  /** Something else that must be in the cart (at least one unit of it); null: nothing. */
  requires: PromotionRequirement | null;
  /** The order's goods must cost at least this (paise, before discounts). */
  minOrderPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses left of the promotion or of this code, whichever is fewer; null: no limit. */
  usesLeft: number | null;
  /** Uses left for this shopper; null: no limit, or a guest (checked again at checkout). */
  customerUsesLeft: number | null;
  firstOrderOnly: boolean;
  onlineOnly: boolean;
  combinable: boolean;
}

/** What a cart line is, for a promotion's scope. */
export interface PromotionLine extends PricingLine {
  productId: number;
  variantId: number;
  categoryId: number | null;
  brand: string;
}

export interface PromotionFacts {
  lines: readonly PromotionLine[];
  /** 0 cash on delivery, 1 online; null: not chosen yet (the cart). */
  paymentMode: 0 | 1 | null;
  /** Whether this is the shopper's first order; null: a guest (checked again at checkout). */
  firstOrder: boolean | null;
  /** The shipping charge before discounts. */
  shippingPaise: number;
  now: Date;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  timeZone: SHOP_TIME_ZONE,
});
const dayYearFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** "1 December" (this year) or "1 December 2027", in the shop's time zone. */
export function shopDay(when: Date, now: Date): string {
  const year = (d: Date) => d.toLocaleString('en-IN', { year: 'numeric', timeZone: SHOP_TIME_ZONE });
  return (year(when) === year(now) ? dayFormat : dayYearFormat).format(when);
}

/** "1 December, 6:00 pm", for a deal's true end. */
export function shopDayTime(when: Date, now: Date): string {
  return `${shopDay(when, now)}, ${timeFormat.format(when)}`;
}

export const PROMOTION_MESSAGES = {
  unknown: 'This code does not exist. Check it and try again.',
  inactive: 'This code is no longer valid.',
  notYet: (day: string) => `This code starts on ${day}.`,
  expired: (day: string) => `This code expired on ${day}.`,
  used: 'This code has been used.',
  usedByYou: 'You have already used this code.',
  firstOrder: 'This code is for your first order.',
  online: 'This code is for online payment: choose Online payment at checkout to use it.',
  minimum: (rupees: number) => `Add ${formatINR(rupees)} more to use this code.`,
  scope: (label: string) => `This code is only for ${label}, and none is in your cart.`,
  requires: (label: string) => `This code needs ${label} in your cart: add one to use it.`,
  moreUnits: (n: number) => `Add ${n} more ${n === 1 ? 'item' : 'items'} this code is for to use it.`,
  noShipping: 'This code gives free shipping, and your order has no shipping charge.',
  notCombinable: (other: string) => `This code cannot be combined with "${other}", which saves you more.`,
} as const;
const M = PROMOTION_MESSAGES;

/** The positions of the lines a scoped promotion applies to (every line for the whole order). */
export function linesInScope(
  rule: { scope: PromotionScope; targets: readonly string[] },
  lines: readonly Pick<PromotionLine, 'productId' | 'variantId' | 'categoryId' | 'brand'>[],
) {
  if (rule.scope === 'order') return lines.map((_, i) => i);
  const targets = new Set(rule.targets.map((t) => (rule.scope === 'brands' ? t.toLowerCase() : t)));
  const key = (l: (typeof lines)[number]): string | null => {
    switch (rule.scope) {
      case 'categories':
        return l.categoryId === null ? null : String(l.categoryId);
      case 'brands':
        return l.brand.trim().toLowerCase();
      case 'products':
        return String(l.productId);
      default:
        return String(l.variantId);
    }
  };
  return lines.flatMap((l, i) => {
    const k = key(l);
    return k !== null && targets.has(k) ? [i] : [];
  });
}

export type PromotionCheck = { ok: true; discount: Discount } | { ok: false; reason: string };

/**
 * Whether a promotion applies to a cart, and the discount it gives priceOrder.
 * - the dates first (not started, ended), then the uses left (of the promotion or code, then the shopper's), first
 *   order only, online payment only, the lines it is for, what it requires in the cart (at least one unit of a
 *   product, category or brand: "10% off accessories with any phone"), the minimum order value (the goods
 *   before discounts), buy X get Y's units
 * - a guest's first order and uses are not known: they are checked again at checkout; a payment mode not chosen
 *   yet refuses an online-only promotion until it is
 * - each refusal is a sentence the shopper can act on (PROMOTION_MESSAGES)
 */
export function checkPromotion(
  rule: PromotionRule,
  facts: PromotionFacts,
  subtotalPaise: number,
): PromotionCheck {
  const no = (reason: string): PromotionCheck => ({ ok: false, reason });
  if (rule.startsAt && facts.now < rule.startsAt) return no(M.notYet(shopDay(rule.startsAt, facts.now)));
  if (rule.endsAt && facts.now >= rule.endsAt) return no(M.expired(shopDay(rule.endsAt, facts.now)));
  if (rule.usesLeft !== null && rule.usesLeft <= 0) return no(M.used);
  if (rule.customerUsesLeft !== null && rule.customerUsesLeft <= 0) return no(M.usedByYou);
  if (rule.firstOrderOnly && facts.firstOrder === false) return no(M.firstOrder);
  if (rule.onlineOnly && facts.paymentMode !== 1) return no(M.online);
  const lines = linesInScope(rule, facts.lines);
  if (!lines.length) return no(M.scope(rule.scopeLabel || 'some products'));
  if (rule.requires && !linesInScope(rule.requires, facts.lines).length)
    return no(M.requires(rule.requires.label || 'another product'));
  if (subtotalPaise < rule.minOrderPaise) return no(M.minimum(toRupees(rule.minOrderPaise - subtotalPaise)));
  const label = rule.code ? `Discount (${rule.code})` : rule.name;
  const scoped = rule.scope === 'order' ? {} : { lines };
  switch (rule.action) {
    case 'percent':
      return {
        ok: true,
        discount: {
          kind: 'percent',
          label,
          percentBp: rule.percentBp ?? 0,
          capPaise: rule.capPaise,
          ...scoped,
        },
      };
    case 'amount':
      return { ok: true, discount: { kind: 'amount', label, amountPaise: rule.amountPaise ?? 0, ...scoped } };
    case 'free_shipping':
      if (facts.shippingPaise <= 0 && rule.code) return no(M.noShipping);
      return { ok: true, discount: { kind: 'free_shipping', label } };
    default: {
      const buy = Math.max(1, rule.buyQty ?? 1);
      const get = Math.max(1, rule.getQty ?? 1);
      const units = lines.reduce((n, i) => n + facts.lines[i]!.qty, 0);
      if (units < buy + get) return no(M.moreUnits(buy + get - units));
      return {
        ok: true,
        discount: { kind: 'free_units', label, units: Math.floor(units / (buy + get)) * get, lines },
      };
    }
  }
}

/** A promotion chosen for the cart, with the discount it gives (the same position in `discounts`). */
export interface ChosenPromotion {
  rule: PromotionRule;
  discount: Discount;
}

export interface PromotionChoice {
  /** In the order priceOrder applies them. */
  chosen: ChosenPromotion[];
  discounts: Discount[];
  /** Why the code typed is not applied (null when it is, or when none was typed). */
  codeRefusal: string | null;
}

// Free units first (they are whole units at their price), then percentages (of the price before fixed amounts),
// then amounts, then free shipping; the earlier promotion first among equals.
const RANK: Record<Discount['kind'], number> = { free_units: 0, percent: 1, amount: 2, free_shipping: 3 };
const byRank = (a: ChosenPromotion, b: ChosenPromotion) =>
  RANK[a.discount.kind] - RANK[b.discount.kind] || a.rule.id - b.rule.id;

/** What a set of promotions saves the shopper: goods discounts and shipping taken off. */
function saving(facts: PromotionFacts, set: readonly ChosenPromotion[]): number {
  const p = priceOrder(facts.lines, {
    shippingPaise: facts.shippingPaise,
    discounts: set.map((c) => c.discount),
  });
  return p.discountPaise + (facts.shippingPaise - p.shippingPaise);
}

/**
 * The best combination of the automatic offers that apply and the code typed, for the shopper (the stacking
 * rules, also in docs/promotions.md):
 * - combinable promotions stack with each other; a promotion that is not combinable applies alone
 * - of "every combinable promotion that applies together" and "each non-combinable one alone", the set that saves
 *   the shopper most is applied; on a tie, the set with the code typed, then the one with fewer promotions
 * - within a set: free units, then percentages, then amounts, then free shipping, each on what is left
 * - a code that applies but is not in the best set is refused, naming the offer that saves more
 */
export function choosePromotions(
  automatic: readonly PromotionRule[],
  code: PromotionRule | null,
  facts: PromotionFacts,
): PromotionChoice {
  const subtotal = priceOrder(facts.lines).subtotalPaise;
  const applicable: ChosenPromotion[] = [];
  for (const rule of automatic) {
    const check = checkPromotion(rule, facts, subtotal);
    if (check.ok) applicable.push({ rule, discount: check.discount });
  }
  let codeRefusal: string | null = null;
  let codeChoice: ChosenPromotion | null = null;
  if (code) {
    const check = checkPromotion(code, facts, subtotal);
    if (check.ok) {
      codeChoice = { rule: code, discount: check.discount };
      applicable.push(codeChoice);
    } else codeRefusal = check.reason;
  }
  const together = applicable.filter((c) => c.rule.combinable);
  const candidates = [together, ...applicable.filter((c) => !c.rule.combinable).map((c) => [c])]
    .filter((set) => set.length > 0)
    .map((set) => {
      const sorted = [...set].sort(byRank);
      return {
        set: sorted,
        saves: saving(facts, sorted),
        hasCode: codeChoice ? set.includes(codeChoice) : false,
      };
    });
  candidates.sort(
    (a, b) => b.saves - a.saves || Number(b.hasCode) - Number(a.hasCode) || a.set.length - b.set.length,
  );
  let best = candidates[0]?.set ?? [];
  if (codeChoice && !best.includes(codeChoice)) {
    const winner = best.find((c) => !c.rule.combinable) ?? best[0];
    codeRefusal = M.notCombinable(winner?.discount.label ?? 'another offer');
  }
  // An automatic offer that takes nothing off (free shipping on an order without a charge) shows no line.
  const applied = priceOrder(facts.lines, {
    shippingPaise: facts.shippingPaise,
    discounts: best.map((c) => c.discount),
  }).discounts;
  best = best.filter((c, i) => c === codeChoice || applied[i]!.amountPaise > 0);
  return { chosen: best, discounts: best.map((c) => c.discount), codeRefusal };
}

/** What an offer gives, in words ("10% off (up to ₹500)", "₹500 off", "Buy 2, get 1 free", "Free shipping"). */
export function offerWords(
  rule: Pick<PromotionRule, 'action' | 'percentBp' | 'capPaise' | 'amountPaise' | 'buyQty' | 'getQty'>,
): string {
  switch (rule.action) {
    case 'percent':
      return `${(rule.percentBp ?? 0) / 100}% off${rule.capPaise ? ` (up to ${formatINR(toRupees(rule.capPaise))})` : ''}`;
    case 'amount':
      return `${formatINR(toRupees(rule.amountPaise ?? 0))} off`;
    case 'free_shipping':
      return 'Free shipping';
    default:
      return `Buy ${rule.buyQty ?? 1}, get ${rule.getQty ?? 1} free`;
  }
}

/** "with anything from Phones", "with any Samsung", "with Galaxy S25". */
function requiresWords(r: PromotionRequirement): string {
  const label = r.label || 'another product';
  if (r.scope === 'categories') return `with anything from ${label}`;
  if (r.scope === 'brands') return `with any ${label}`;
  return `with ${label}`;
}

/** A product as an offer's scope sees it (its variants' ids for an offer on some of its options). */
export interface OfferProduct {
  productId: number;
  variantIds: readonly number[];
  categoryId: number | null;
  brand: string;
}

/**
 * The running automatic offers a product page or card names, in words, from the same scope rules checkout uses
 * (linesInScope), so a card never promises what the cart would not give:
 * - an offer on a category, brand, product or some of its options, that includes this product: its words
 *   ("10% off", "Buy 2, get 1 free"), then what it needs: "with anything from Phones", "on orders over ₹5,000",
 *   "with online payment", "on your first order"
 * - an offer on the whole order only when `wholeOrder` (a product page; cards leave the shop-wide ones out)
 * - uses left, dates and switches are the caller's (it passes only offers running now, with uses left)
 */
export function offersForProduct(
  rules: readonly PromotionRule[],
  product: OfferProduct,
  opts: { wholeOrder?: boolean } = {},
): string[] {
  const lines = (product.variantIds.length ? product.variantIds : [0]).map((variantId) => ({
    productId: product.productId,
    variantId,
    categoryId: product.categoryId,
    brand: product.brand,
  }));
  return rules
    .filter((r) => r.code === null && (r.usesLeft === null || r.usesLeft > 0))
    .filter((r) => (r.scope === 'order' ? opts.wholeOrder === true : linesInScope(r, lines).length > 0))
    .map((r) => {
      const terms = [offerWords(r)];
      if (r.requires) terms.push(requiresWords(r.requires));
      if (r.minOrderPaise > 0) terms.push(`on orders over ${formatINR(toRupees(r.minOrderPaise))}`);
      if (r.onlineOnly) terms.push('with online payment');
      if (r.firstOrderOnly) terms.push('on your first order');
      return terms.join(' ');
    });
}
