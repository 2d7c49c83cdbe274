import type { PromotionAction, PromotionScope, RequiresScope } from '../rules/promotions';
import type { generateCodesBody, promotionBody, quoteBody } from '../schemas/promotion';
import { route } from './define';

/** A discount code or automatic offer, as the back office shows it (money in rupees, times in ISO UTC). */
export interface Promotion {
  _id: string;
  name: string;
  kind: 'code' | 'automatic';
  /** The code staff typed (null for an automatic offer, or a promotion of generated codes only). */
  code: string | null;
  action: PromotionAction;
  percent: number | null;
  cap: number | null;
  amount: number | null;
  buyQty: number | null;
  getQty: number | null;
  scope: PromotionScope;
  targets: string[];
  /** What must also be in the cart ("with any phone"): categories, brands or products; null: nothing. */
  requiresScope: RequiresScope | null;
  requiresTargets: string[];
  minOrder: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  /** Orders using it now (cancelled and failed-payment orders gave theirs back). */
  used: number;
  perCustomer: number | null;
  firstOrderOnly: boolean;
  onlineOnly: boolean;
  combinable: boolean;
  active: boolean;
  deal: boolean;
  /** Generated single-use codes. */
  generatedCodes: number;
  createdAt: string;
  updatedAt: string;
}

/** A discount line of a cart or an order: "Discount (DIWALI10) −₹1,500". */
export interface DiscountLine {
  kind: 'amount' | 'free_shipping';
  label: string;
  /** The code, for a discount code; null for an automatic offer. */
  code: string | null;
  /** Rupees taken off the goods (amount) or the shipping (free_shipping). */
  amount: number;
}

/** A cart priced by the one pricing function, as checkout would price it now. */
export interface Quote {
  lines: {
    productId: string;
    colorId: string | null;
    memorySize: number | null;
    qty: number;
    unitPrice: number;
    unitOriginalPrice: number;
    /** unit × qty, before order discounts. */
    amount: number;
    /** This line's share of the discounts. */
    discount: number;
    /** What the line costs after discounts. */
    lineTotal: number;
  }[];
  count: number;
  subtotal: number;
  you_save: number;
  discounts: DiscountLine[];
  discount_total: number;
  shipping: number;
  cod_fee: number;
  /** The GST included in the total. */
  tax: number;
  total: number;
  /** The code sent, normalised, and why it does not apply (null when it does); null when none was sent. */
  code: { code: string; applied: boolean; reason: string | null } | null;
}

/** A running deal for the home page: its true end, set by staff. */
export interface Deal {
  _id: string;
  name: string;
  endsAt: string;
  /** What it is for, in words ("10% off", "Buy 2, get 1 free"). */
  offer: string;
  /** The products it is for (empty: the whole store). */
  productIds: string[];
}

/** Discount codes and automatic offers (back office), and the home page's running deals. */
export const promotion = {
  list: route('GET /promotion', 'promotions.write').reply<{ promotions: Promotion[] }>(),
  create: route('POST /promotion', 'promotions.write', { status: 201 })
    .body<typeof promotionBody>()
    .reply<{ promotion: Promotion }>(),
  /** Running deals with their true end (public; empty when none runs). */
  deals: route('GET /promotion/deals', 'public').reply<{ deals: Deal[] }>(),
  get: route('GET /promotion/:id', 'promotions.write').reply<{ promotion: Promotion }>(),
  update: route('PUT /promotion/:id', 'promotions.write')
    .body<typeof promotionBody>()
    .reply<{ promotion: Promotion }>(),
  /** Only a promotion no order has used (switch a used one off instead: 409 `in_use`). */
  remove: route('DELETE /promotion/:id', 'promotions.write').reply<object>(),
  /** N new unique single-use codes; `GET /promotion/:id/codes.csv` exports them all (outside the contract). */
  generate: route('POST /promotion/:id/codes', 'promotions.write')
    .body<typeof generateCodesBody>()
    .reply<{ generated: number; codes: string[]; promotion: Promotion }>(),
};

/** Prices a cart (a guest's lines, or the shopper's server cart) with a code: what checkout would charge. */
export const quote = route('POST /cart/quote', 'public').body<typeof quoteBody>().reply<Quote>();
