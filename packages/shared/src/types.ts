/** Shapes of the API's JSON responses (rupees, `_id` strings), shared by the API client and both UIs. */

import type { DiscountLine } from './contract/promotion';
import type { EmiPlan } from './rules/emi';
import type { Permission, StaffRole } from './rules/permissions';
import type { ReportPeriod } from './rules/report-period';
import type { AuditKind } from './schemas/audit';
import type { OrderState } from './schemas/order';

export interface Category {
  _id: string;
  name: string;
  slug: string;
  /** File name under /images/categories/, or '' */
  Image: string;
  status: boolean;
  productCount: number;
}

export interface Color {
  _id: string;
  name: string;
  slug: string;
  hexcode: string;
  status: boolean;
}

export interface ProductColor extends Color {
  /** Price adjustment in rupees when this colour is chosen. */
  priceAdj: number;
}

export interface ProductSummary {
  _id: string;
  name: string;
  slug: string;
  sku: string | null;
  brand: string;
  originalPrice: number;
  discountPercentage: number;
  finalPrice: number;
  /** File name under /images/product/ ('' when none); the small size is `sm/<file>`. */
  thumbnail: string;
  stock: number;
  inStock: boolean;
  status: boolean;
  topSelling: boolean;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  /**
   * Lowest and highest unit price (rupees) of the switched-on variants. `finalPrice` is the lowest; `stock` the
   * units of the switched-on variants. Without any switched-on variant both are the product's own final price.
   * Always sent; optional in the type for answers of API versions before variants.
   */
  priceRange?: { min: number; max: number };
  /**
   * Approved reviews' average (one decimal) and count: in lists once the product has reviews; on the product's
   * own answer always, with the distribution (RatingSummary).
   */
  rating?: { average: number; count: number; distribution?: RatingSummary['distribution'] };
  /**
   * The running automatic offers for this product, in words ("10% off with anything from Phones", "Buy 2, get 1
   * free"): shoppers' lists and product pages only, absent when none runs. A product page also names the offers
   * on the whole order.
   */
  offers?: string[];
  /** How many variants the product has; sent in staff lists only (units are changed there with one variant). */
  variantCount?: number;
  /**
   * The HSN code its invoices print: the product's own (`own`), else its category's ('' when neither has one);
   * sent in staff lists only.
   */
  hsn?: { code: string; own: boolean };
}

/** The home page's strip: real best sellers when anything sold lately, else the largest savings. */
export interface BestSellers {
  products: ProductSummary[];
  basis: 'sales' | 'discount';
}

/** One sold combination of a product's options: its own SKU, stock, price and on/off switch. */
export interface Variant {
  _id: string;
  sku: string;
  /** null: the product has no colours. */
  colorId: string | null;
  /** GB; null: the product has no memory sizes. */
  memorySize: number | null;
  /** Units in stock. */
  stock: number;
  /** Unit price (rupees): `priceOverride`, else the product's final price plus the option adjustments. */
  price: number;
  /** MSRP of one unit (rupees): the product's original price plus the option adjustments (never below `price`). */
  originalPrice: number;
  priceOverride: number | null;
  /** The merchant's switch: a switched-off variant is not sold. */
  enabled: boolean;
  position: number;
  /** Grams; null: the product's weight (always sent by the API). */
  weightGrams?: number | null;
  /** Staff only: the variant's own low-stock threshold (units); null: the shop's (`Product.lowStockThreshold`). */
  lowStockThreshold?: number | null;
}

export interface Product extends ProductSummary {
  /** The shared gallery (pictures without a colour): every colour's fallback. */
  images: string[];
  /** Each colour's own gallery, by colour id (colours without pictures are left out). Always sent (see priceRange). */
  colorImages?: Record<string, string[]>;
  /** In display order; shoppers see switched-on variants only. Always sent (see priceRange). */
  variants?: Variant[];
  colors: ProductColor[];
  /** Memory sizes in GB, with the price adjustment (rupees) of each at the same index. */
  memorySizes: number[];
  memoryPriceAdj: number[];
  videoUrl: string;
  shortDescription: string;
  longDescription: string;
  category: { _id: string; name: string; slug: string } | null;
  /**
   * Staff only: the product's own HSN code and GST rate (percent), null where its category's apply, and what
   * applies (`hsnCode` '' when neither has one).
   */
  tax?: { hsnCode: string | null; gstRate: number | null; applies: { hsnCode: string; gstRate: number } };
  /** The parcel's weight in grams; null when not weighed (a variant may have its own; always sent by the API). */
  weightGrams?: number | null;
  /** Staff only: the shop's low-stock threshold (Settings, units), which variants without their own follow. */
  lowStockThreshold?: number;
}

/** What shoppers' approved reviews add up to. */
export interface RatingSummary {
  /** Rounded to one decimal; 0 without reviews. */
  average: number;
  count: number;
  /** Reviews with 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: [number, number, number, number, number];
}

/** A product a photo's file name may mean (matching by slug or SKU). */
export interface MatchedProduct {
  _id: string;
  name: string;
  slug: string;
  sku: string | null;
}

/** How one file name matches products: one (matched), none, or several (staff choose). */
export interface ImageNameMatch {
  /** The name as sent. */
  name: string;
  status: 'matched' | 'unmatched' | 'ambiguous';
  /** The product (matched only). */
  product: MatchedProduct | null;
  /** Every product the name may mean (the product when matched; none when unmatched). */
  candidates: MatchedProduct[];
  /**
   * The colour gallery the file goes to (matched by `<product-slug>-<colour-slug>[-N]` or a variant's
   * `<SKU>[-N]`); null: the product's shared gallery.
   */
  color?: { _id: string; name: string; slug: string } | null;
}

/**
 * What became of one uploaded product picture. Uploads are idempotent: a file whose content (sha256) is already
 * one of the product's pictures is not stored again but answered `already_there` with the picture it matches.
 */
export interface PictureUpload {
  role: 'thumbnail' | 'gallery';
  status: 'added' | 'already_there';
  /** The stored picture (under /images/product/): the new one, or the one already there. */
  file: string;
}

export interface Address {
  _id: string;
  adressLine1: string;
  adressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  contact: string;
  /** The recipient ('' on addresses saved before names were asked for). */
  name?: string;
  landmark?: string;
  /** GST state code of `state`; null on an old address whose state matched none (needs the shopper's look). */
  stateCode?: string | null;
  isDefault?: boolean;
}

export interface User {
  _id: string;
  name: string;
  email: string;
  shipping_address: Address[];
  /** The shopper opened a link or used a code sent to the address. */
  emailVerified: boolean;
  /** Reminder mails (a cart left waiting, a review request after delivery) are on; always sent by the API. */
  reminderMails?: boolean;
}

export interface Admin {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** What the role allows (rules/permissions.ts): the desktop app offers only these. */
  permissions: Permission[];
  /** The Owner made or reset this account's password: the staff member must choose their own first. */
  mustChangePassword: boolean;
  /** Two-step sign-in (an authenticator app) is on for this account. */
  twoStepEnabled: boolean;
  /** The Owner requires two-step sign-in and this account has not set it up yet. */
  mustEnrolTwoStep: boolean;
}

/** One record of the change history: who, when, from where, what, and the fields before and after. */
export interface AuditRecord {
  _id: string;
  at: string;
  /** The staff member (null for a failed login with an unknown email). */
  actor: { _id: string; name: string } | null;
  /** e.g. `product.update`, `order.state`, `session.login_failed`. */
  action: string;
  kind: AuditKind;
  objectId: string | null;
  /** One line for people ("Price 15,000 → 14,000"). */
  summary: string;
  ip: string;
  userAgent: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A staff account as the Owner's staff screen lists it. */
export interface StaffMember extends Admin {
  active: boolean;
  createdAt: string;
}

export interface CartLine {
  /** Line id (for quantity change and remove). */
  _id: string;
  product_id: Pick<
    ProductSummary,
    '_id' | 'name' | 'slug' | 'thumbnail' | 'finalPrice' | 'originalPrice' | 'stock' | 'inStock' | 'status'
  >;
  productId: string;
  colorId: string | null;
  color: Pick<ProductColor, '_id' | 'name' | 'hexcode' | 'priceAdj'> | null;
  memorySize: number | null;
  /**
   * The variant the line is (its product, colour and memory size); null when that combination is not sold
   * (any more): such a line cannot be ordered. `product_id.stock` is the variant's units.
   */
  variantId?: string | null;
  sku?: string | null;
  qty: number;
  /** Unit prices with option adjustments (or the variant's own price), rupees. */
  unitPrice: number;
  unitOriginalPrice: number;
}

export interface OrderLine {
  productId: string;
  name: string;
  colorName: string | null;
  memorySize: number | null;
  /** The variant's SKU when the order was placed (null for orders older than variants that matched none). */
  sku?: string | null;
  unitPrice: number;
  unitOriginalPrice: number;
  qty: number;
  /** unit × qty, before the order's discounts (its own lines in `Order.discounts`). */
  lineTotal: number;
  thumbnail: string;
}

export interface Order {
  /** The same public id as `order_id` (every public id is exposed as `_id`: docs/api.md). */
  _id: string;
  order_id: string;
  state: OrderState;
  payment_mode: 0 | 1;
  order_total: number;
  original_total: number;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  shipping_details: Omit<Address, '_id'>;
  /** Shipping charged and the cash-on-delivery fee, in ₹ (lines of the order; 0 when none). */
  shipping: number;
  cod_fee: number;
  /** MSRP of the goods less what they were sold for (₹, never negative). */
  you_save: number;
  /** The delivery estimate given when it was placed (Indian dates), null for orders placed before estimates. */
  delivery_estimate: { from: string; to: string } | null;
  notes: string;
  lines: OrderLine[];
  /** The discount codes and offers it was priced with, in order ("Discount (DIWALI10) −₹1,500"). */
  discounts: DiscountLine[];
  user: { _id: string; name: string; email: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** What Razorpay Checkout hands back on success (and the simulator signs the same way). */
export interface RazorpayResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** A customer as the back office lists them. */
export interface AdminCustomer {
  _id: string;
  name: string;
  email: string;
  orderCount: number;
  createdAt: string;
  /** A blocked customer cannot log in or order; their tokens stopped working when they were blocked. */
  blocked: boolean;
}

/** One customer for the back office: the account, its addresses, its latest orders and its totals. */
export interface CustomerDetail {
  customer: AdminCustomer & { blockedAt: string | null };
  addresses: Address[];
  /** The latest 50 orders, newest first. */
  orders: Pick<Order, '_id' | 'order_id' | 'state' | 'payment_mode' | 'order_total' | 'createdAt'>[];
  totals: {
    orders: number;
    /** Rupees of the orders that were paid or are being delivered (not cancelled or failed). */
    spent: number;
  };
}

/** An address or order whose state text matched no state or union territory: for staff to check. */
export interface AddressToCheck {
  /** The saved address's id, or the order's public id. */
  _id: string;
  customer: { _id: string; name: string; email: string };
  /** The address as one line (flat, area, landmark, city, pincode). */
  address: string;
  postalCode: string;
  /** The state as it was typed. */
  state: string;
}

/** Flagged saved addresses (fixable) and flagged orders (read only: an order keeps the address it was sent to). */
export interface AddressesToCheck {
  addresses: AddressToCheck[];
  orders: (AddressToCheck & { createdAt: string })[];
  total: { addresses: number; orders: number };
}

export interface PaymentCheckout {
  razorpay_order_id: string;
  key_id: string;
  amount: number;
  currency: 'INR';
  simulator: boolean;
}

/** One of the shop's own pages (rules/shop-pages.ts). */
export interface ShopPage {
  slug: import('./rules/shop-pages').ShopPageSlug;
  title: string;
  body: string;
  /** When staff last saved it; null while it shows the starting text. */
  updatedAt: string | null;
  /** The contact page only: the grievance officer, or null until staff name one. */
  officer?: { name: string; address: string; email: string; phone: string } | null;
}

export interface ShopSettings {
  shopName: string;
  /** The shop's free-shipping threshold (₹): zones without their own ship free from it. */
  freeShippingThreshold: number;
  /**
   * The free-shipping threshold true wherever the shop delivers (₹): the highest of the zones' (each its own, else
   * the shop's); null when no zone ships anywhere. What pages claim when the shopper's zone is not known.
   */
  freeShippingFrom?: number | null;
  /** Each zone's free-shipping threshold (₹) by zone id (`PincodeCheck.zone`), for a remembered pincode's zone. */
  freeShippingZones?: Record<string, number>;
  /**
   * Back office only (present when the request carries an admin token): products with this many units or
   * fewer count as low stock (default 5).
   */
  lowStockThreshold?: number;
  /** Back office only: the Owner's sales summary mail, 'off' (default), 'daily' or 'weekly'. */
  summaryMail?: 'off' | 'daily' | 'weekly';
  /** Back office only: hours a cart waits untouched before its one reminder mail (0: off; default 24). */
  cartReminderHours?: number;
  /** Back office only: days after delivery the review request is mailed (0: off; default 7). */
  reviewRequestDays?: number;
  razorpayKeyId: string | null;
  paymentSimulator: boolean;
  /** Staff's switch for the monthly EMI figure on product pages (off unless staff turn it on). */
  emiEnabled: boolean;
  /**
   * The payment gateway's EMI plans, which the product page's figure comes from: empty unless staff turned EMI
   * on and the gateway offers EMI to this shop.
   */
  emiPlans: EmiPlan[];
  /** When the hotline answers: the one text every page shows. */
  supportHours: string;
  /** The promise strip's texts (besides free shipping, which follows the threshold). */
  promises: string[];
  /** Shoppers must confirm their e-mail address before their first order (a setting, off by default). */
  requireVerifiedEmail: boolean;
  /** The newsletter sign-up mails a single-use code of this % off a first order (0: none; default 10). */
  newsletterCodePercent: number;
  /** Days the newsletter code works (default 30). */
  newsletterCodeDays: number;
}

/**
 * The dashboard's figures. The four top-level ones are all time (or right now); `period` holds the chosen
 * period's (see admin.service.ts for each rule).
 */
export interface DashboardMetrics {
  /** Registered customer accounts, all time. */
  customers: number;
  /** Rupees, all time: online orders once paid, cash-on-delivery orders once delivered. */
  revenue: number;
  /** Right now, whenever placed: cash-on-delivery orders `placed` and online orders `paid`. */
  ordersToShip: number;
  /** Every order ever created, all time. */
  orders: number;
  period: PeriodMetrics;
}

/** Figures of one period: orders and sign-ups whose creation time falls in [from, to). */
export interface PeriodMetrics {
  key: ReportPeriod;
  /** ISO instants: the midnight starting the first day and the midnight ending today, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  /** Customer accounts created in the period. */
  newCustomers: number;
  /** Orders placed in the period, whatever their state now. */
  orders: number;
  /** Rupees: revenueOnline + revenueCod (the reports' net: gross - discounts - refunds). */
  revenue: number;
  /** The reports' gross (paid orders before discounts) and discounts (codes and offers) of the same orders. */
  gross: number;
  discounts: number;
  /** Orders placed in the period and paid online (paid, shipped or delivered). */
  revenueOnline: number;
  /** Cash-on-delivery orders placed in the period and delivered (the cash is collected at the door). */
  revenueCod: number;
  /** Cash-on-delivery orders placed in the period, not delivered yet and not cancelled: cash still to collect. */
  codToCollect: number;
}

/** The body of a 409 `stock_changed`: the stock the client expected, the stock now, and the product now. */
export interface StockConflict {
  expectedStock: number;
  currentStock: number;
  product: Product;
}
