import type { StaffRole } from '@voltcart/shared';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

type Timestamps = {
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, never>;
};
/** mysql2 returns BIGINT as number (shop ids and paise stay far below 2^53). */
type Id = Generated<number>;

interface AccountTable extends Timestamps {
  id: Id;
  name: string;
  email: string;
  password_hash: string;
  token_version: Generated<number>;
}

/** A staff account: an account with a role (packages/shared rules/permissions.ts) that can be deactivated. */
interface AdminTable extends AccountTable {
  role: Generated<StaffRole>;
  active: Generated<number>;
  /** Set for accounts the Owner made or reset: the first login must choose a new password. */
  must_change_password: Generated<number>;
  /** Two-step sign-in: the TOTP secret, sealed (lib/sealed.ts); null when not enrolled. */
  totp_secret: Generated<string | null>;
  /** A secret being enrolled, until the first code proves the app has it. */
  totp_pending: Generated<string | null>;
  /** The last time step a code was accepted for (a code is good once). */
  totp_last_step: Generated<number | null>;
}

/** A customer account: an account that staff may block (it cannot log in; its tokens stopped working). */
/** A shop page as staff saved it (rules/shop-pages.ts); `officer` is the contact page's grievance officer (JSON). */
interface ShopPageTable {
  slug: string;
  body: string;
  officer: string | null;
  updated_at: Date;
}

interface UserTable extends AccountTable {
  blocked_at: Generated<Date | null>;
  /** The shopper deleted the account: name and e-mail are anonymised, addresses erased. */
  deleted_at: Generated<Date | null>;
  /** The shopper opened a link or used a code mailed to the address (null: not confirmed yet). */
  email_verified_at: Generated<Date | null>;
  /** 1 until the shopper turns reminder mails (abandoned cart, review request) off. */
  reminder_mails: Generated<number>;
  /** When the abandoned-cart reminder was written (a cart whose lines are all newer is a new cart). */
  cart_reminded_at: Generated<Date | null>;
}

export interface AddressTable extends Timestamps {
  id: Id;
  user_id: number;
  adress_line1: string;
  adress_line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  contact: string;
  name: Generated<string>;
  landmark: Generated<string>;
  /** GST state code (null: an old address whose state text matched none). */
  state_code: Generated<string | null>;
  is_default: Generated<number>;
  address_review: Generated<number>;
}

interface CategoryTable extends Timestamps {
  id: Id;
  name: string;
  slug: string;
  image: Generated<string>;
  status: Generated<number>;
  /** HSN code printed on tax invoices ('' = not set). */
  hsn_code: Generated<string>;
  /** GST rate in basis points (1800 = 18 %). */
  gst_rate_bp: Generated<number>;
  /** After delivery: `returnable`, `replacement_only` or `none` (migration 20261130T0300). */
  return_policy: Generated<string>;
}

interface ColorTable extends Timestamps {
  id: Id;
  name: string;
  slug: string;
  hexcode: string;
  status: Generated<number>;
}

interface ProductTable extends Timestamps {
  id: Id;
  name: string;
  slug: string;
  sku: string | null;
  brand: Generated<string>;
  original_price: number;
  /** DECIMAL comes back from mysql2 as a string. */
  discount_percentage: ColumnType<string, number | string, number | string>;
  final_price: number;
  discount_amount: GeneratedAlways<number>;
  thumbnail: Generated<string>;
  /** sha256 (hex) of the file the thumbnail was made from; NULL when unknown. */
  thumbnail_hash: Generated<string | null>;
  video_url: Generated<string>;
  short_description: string | null;
  long_description: string | null;
  category_id: number | null;
  stock: Generated<number>;
  in_stock: Generated<number>;
  status: Generated<number>;
  top_selling: Generated<number>;
  /** Lowest and highest price (paise) of the switched-on variants; NULL when none is switched on. */
  price_min: Generated<number | null>;
  price_max: Generated<number | null>;
  /** COALESCE(price_min, final_price), stored: the price lists filter and sort by. */
  list_price: GeneratedAlways<number>;
  /** in_stock = 1 AND stock > 0, stored. */
  sellable: GeneratedAlways<number>;
  /** Approved reviews: how many, and their stars added up (migration 20261130T0500). */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** This product's own HSN code and GST rate (basis points); NULL: its category's. */
  hsn_code: Generated<string | null>;
  gst_rate_bp: Generated<number | null>;
  /** Parcel weight of one unit in grams (null: not weighed). */
  weight_grams: Generated<number | null>;
}

/** One sold combination of a product's options. 0 = no colour / no memory size. */
export interface ProductVariantTable {
  id: Id;
  product_id: number;
  sku: string;
  color_id: Generated<number>;
  memory_size: Generated<number>;
  stock: Generated<number>;
  /** Paise; NULL = the product's final price plus the option adjustments. */
  price_override: Generated<number | null>;
  enabled: Generated<number>;
  position: Generated<number>;
  /** Grams; null: the product's weight. */
  weight_grams: Generated<number | null>;
  /** Units at or below which the variant is low on stock; null: the shop's setting. */
  low_stock_threshold: Generated<number | null>;
}

/** A variant at or below its low-stock threshold since the change that crossed it (alerted once). */
interface LowStockAlertTable {
  variant_id: number;
  product_id: number;
  units: number;
  threshold: number;
  at: Generated<Date>;
  /** When the staff mail naming this crossing was written to the outbox. */
  mailed_at: Generated<Date | null>;
}

/** A courier's payment of the cash it collected on delivery. */
interface CodRemittanceTable {
  id: Id;
  carrier: string;
  amount_paise: number;
  due_paise: number;
  remitted_on: string;
  reference: string;
  file_name: Generated<string>;
  admin_id: number | null;
  created_at: Generated<Date>;
}

/** An order a remittance settled (each order once). */
interface CodRemittanceOrderTable {
  order_id: number;
  remittance_id: number;
  awb: string;
  due_paise: number;
}

interface ProductColorTable {
  product_id: number;
  color_id: number;
  position: Generated<number>;
  price_adj: Generated<number>;
}

interface ProductImageTable {
  id: Id;
  product_id: number;
  file: string;
  position: Generated<number>;
  /** sha256 (hex) of the uploaded file; NULL for pictures stored before hashes were kept. */
  content_hash: Generated<string | null>;
  /** The colour whose gallery holds the picture; NULL for the shared gallery. */
  color_id: Generated<number | null>;
}

interface ProductMemoryTable {
  product_id: number;
  size_gb: number;
  position: Generated<number>;
  price_adj: Generated<number>;
}

/** A slug a product had before a rename: `/product/<slug>` answers 301 to the product's current slug. */
interface ProductOldSlugTable {
  slug: string;
  product_id: number;
  renamed_at: Generated<Date>;
}

interface CartLineTable extends Timestamps {
  id: Id;
  user_id: number;
  product_id: number;
  color_id: Generated<number>;
  memory_size: Generated<number>;
  qty: number;
}

interface NewsletterTable {
  id: Id;
  email: string;
  created_at: ColumnType<Date, never, never>;
}

interface SettingTable {
  name: string;
  value: string;
}

interface LoginFailureTable {
  bucket: string;
  failures: number;
  window_start: Date;
  last_at: Generated<Date | null>;
}
interface KnownLoginTable {
  bucket: string;
  last_at: Date;
}
export type AccountTokenPurpose = 'reset' | 'code' | 'email' | 'delete' | 'verify';
interface AccountTokenTable {
  id: Id;
  purpose: AccountTokenPurpose;
  user_id: number;
  token_hash: string;
  new_email: string | null;
  tries: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}
interface RecoveryCodeTable {
  id: Id;
  admin_id: number;
  code_hash: string;
  used_at: Date | null;
}

/** A logged-out session (a token's `sid`), kept until the token would have expired. */
interface EndedSessionTable {
  sid: string;
  expires_at: Date;
}

export interface OrderTable extends Timestamps {
  id: Id;
  /** Random, unguessable id shown to shoppers ('VC' + 18 base32 characters). */
  public_id: string;
  user_id: number;
  state: string;
  /** 0 cash on delivery, 1 online. */
  payment_mode: number;
  total_paise: number;
  original_total_paise: number;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  ship_adress_line1: string;
  ship_adress_line2: Generated<string>;
  ship_city: string;
  ship_state: string;
  ship_postal_code: string;
  ship_country: string;
  ship_contact: Generated<string>;
  notes: Generated<string>;
  stock_returned: Generated<number>;
  expires_at: Date | null;
  paid_at: Date | null;
  carrier: Generated<string | null>;
  tracking_number: Generated<string | null>;
  /** Refunds processed or still pending, in paise. */
  refunded_paise: Generated<number>;
  /** A parcel returned to origin: its units went back to sellable stock, or were counted damaged. */
  return_stock: Generated<'sellable' | 'damaged' | null>;
  /** The last 10 digits of `ship_contact` (generated, indexed: the order search by phone). */
  ship_phone: GeneratedAlways<string>;
  /** `public_id` reversed (generated, indexed: the order search by the end of an id). */
  public_id_rev: GeneratedAlways<string>;
  /** A business buyer's GSTIN and name given at checkout (B2B invoice); NULL for a consumer. */
  buyer_gstin: Generated<string | null>;
  buyer_business_name: Generated<string | null>;
  /** The shipping charge and COD fee the order was priced with (priceSnapshot's context). */
  shipping_paise: Generated<number>;
  cod_fee_paise: Generated<number>;
  /** The recipient, and a landmark near the address. */
  ship_name: Generated<string>;
  ship_landmark: Generated<string>;
  /** GST state code of the shipping address (null: an old order whose state text matched none). */
  ship_state_code: Generated<string | null>;
  /** An address that staff should look at (its state text matched no state or union territory). */
  address_review: Generated<number>;
  /** The delivery estimate given at checkout (Indian dates). */
  delivery_from: Generated<string | null>;
  delivery_to: Generated<string | null>;
  /** When the review request mail was written (once per order). */
  review_requested_at: Generated<Date | null>;
}

/** The serial number (IMEI) of one unit of an order line, recorded at packing. */
interface OrderLineSerialTable {
  id: Id;
  order_id: number;
  order_line_id: number;
  serial: string;
  recorded_at: ColumnType<Date, never, never>;
}

/** A shipping zone: where it ships (states, pincode prefixes or ranges) and at what rates (JSON lists). */
interface ShippingZoneTable {
  id: Id;
  name: string;
  position: Generated<number>;
  /** JSON list of GST state codes. */
  states: string;
  /** JSON list of pincode prefixes or ranges. */
  pincodes: string;
  /** JSON list of weight bands: { fromGrams, toGrams, feePaise }. */
  bands: string;
  /** JSON list of order value bands: { fromPaise, toPaise, feePaise } (charged on top of the weight band). */
  value_bands: Generated<string>;
  free_from_paise: number | null;
  cod: Generated<number>;
  dispatch_days: Generated<number>;
  transit_min_days: Generated<number>;
  transit_max_days: Generated<number>;
}

export interface OrderLineTable {
  id: Id;
  order_id: number;
  product_id: number;
  name: string;
  color_id: Generated<number>;
  color_name: string | null;
  memory_size: Generated<number>;
  unit_price_paise: number;
  unit_original_paise: number;
  qty: number;
  thumbnail: Generated<string>;
  /** The variant sold and its SKU at the time (NULL for lines older than variants that matched none). */
  variant_id: Generated<number | null>;
  sku: Generated<string | null>;
}

interface PaymentEventTable {
  event_id: string;
  event: string;
  razorpay_order_id: string | null;
  received_at: ColumnType<Date, never, never>;
}

/** Image files shared by many rows (the sample catalogue's pool): never deleted with one row. */
interface SharedImageTable {
  folder: string;
  name: string;
}

/** A mail waiting to be sent (or sent): written in the transaction of the change that causes it. */
export interface OutboxTable {
  id: Id;
  message_id: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  order_id: number | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_by: Generated<string | null>;
  claimed_until: Generated<Date | null>;
  sent_at: Generated<Date | null>;
  /** Given up: refused for good by the mail server, or too many failed attempts. */
  failed_at: Generated<Date | null>;
  last_error: Generated<string | null>;
  created_at: ColumnType<Date, never, never>;
}

/** One entry of an order's timeline. */
interface OrderEventTable {
  id: Id;
  order_id: number;
  event: string;
  actor: string;
  note: Generated<string>;
  /** The member of staff who made the change (back-office moves and refunds). */
  admin_id: Generated<number | null>;
  created_at: ColumnType<Date, never, never>;
}

export interface RefundTable extends Timestamps {
  id: Id;
  public_id: string;
  order_id: number;
  provider_refund_id: string | null;
  amount_paise: number;
  reason: string;
  /** pending → processed | failed */
  state: string;
  error: string | null;
  actor: string;
  /** `gateway` (the payment provider), or how staff paid a cash-on-delivery refund: `cash`, `upi`, `bank`. */
  method: Generated<string>;
  /** Staff's reference of a cash/UPI/bank refund (transaction id, receipt number). */
  reference: Generated<string | null>;
}

interface InvoiceCounterTable {
  series: string;
  last_number: number;
}

export interface InvoiceTable {
  id: Id;
  order_id: number;
  /** 'invoice' or 'credit_note'. */
  kind: string;
  number: string;
  refund_id: number | null;
  total_paise: number;
  /** The document as issued (JSON). */
  body: string;
  issued_at: ColumnType<Date, never, never>;
}

/** The search index (modules/search): one row per term and product, with the term's field weight. */
interface SearchTermTable {
  term: string;
  product_id: number;
  weight: number;
}

interface SearchDocTable {
  product_id: number;
  name_key: string;
  model_key: string;
  popularity: Generated<number>;
  /** Colour ids and memory sizes (GB), ascending, comma-separated (migration 20261125T0830). */
  color_ids: Generated<string>;
  memory_sizes: Generated<string>;
}

/** Indexed words by deletion key (`k`): the vocabulary for typo correction. */
interface SearchWordTable {
  k: string;
  word: string;
}

interface SearchSynonymTable {
  term: string;
  /** Space-separated words a search for `term` also finds. */
  alternatives: string;
}

/** A previewed catalogue CSV file (modules/catalog-csv), applied batch by batch. */
export interface CatalogImportTable extends Timestamps {
  id: Id;
  public_id: string;
  admin_id: number | null;
  file_name: string;
  row_count: number;
  to_create: number;
  to_update: number;
  unchanged: number;
  error_count: number;
  /** The first row errors (JSON list of CsvRowError). */
  errors: string;
  batch_count: number;
  batches_done: Generated<number>;
  /** Why the last batch tried failed (rolled back); NULL once a batch succeeds. */
  last_error: Generated<string | null>;
}

interface CatalogImportRowTable {
  import_id: number;
  line: number;
  batch: number;
  /** The parsed row (JSON). */
  data: string;
}

/** The change history (append-only: the database refuses UPDATE and DELETE). */
interface AuditLogTable {
  id: Id;
  at: Generated<Date>;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  object_kind: string;
  object_id: string | null;
  summary: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  /** JSON text on insert; mysql2 parses it on read. */
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** A shopper's review of a product (modules/review). */
export interface ReviewTable {
  id: Id;
  product_id: number;
  user_id: number;
  rating: number;
  title: string;
  body: string;
  /** JSON list of stored picture names. */
  photos: Generated<string>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reject_reason: Generated<string | null>;
  reply: Generated<string | null>;
  replied_at: Generated<Date | null>;
  moderated_by: Generated<number | null>;
  moderated_at: Generated<Date | null>;
  helpful: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface ReviewVoteTable {
  review_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

/** A product on a shopper's wishlist (modules/wishlist); 0 = no colour / memory size chosen. */
interface WishlistItemTable {
  user_id: number;
  product_id: number;
  color_id: Generated<number>;
  memory_size: Generated<number>;
  created_at: Generated<Date>;
}

/** A "notify me when available" request (modules/stock-alert). */
interface StockAlertTable {
  id: Id;
  variant_id: number;
  product_id: number;
  email: string;
  user_id: number | null;
  created_at: Generated<Date>;
  notified_at: Generated<Date | null>;
  /** 1 while waiting, NULL once notified (stored, in the unique key). */
  waiting: GeneratedAlways<number | null>;
}

/** A shopper's request to return or replace lines of a delivered order (modules/returns). */
export interface ReturnRequestTable extends Timestamps {
  id: Id;
  public_id: string;
  order_id: number;
  kind: string;
  state: string;
  reason: string;
  comment: Generated<string>;
  reject_reason: string | null;
  pickup_carrier: string | null;
  pickup_awb: string | null;
  /** `gateway` (paid online), `upi` or `bank` (cash on delivery). */
  refund_method: string;
  upi_id: string | null;
  bank_account: string | null;
  bank_ifsc: string | null;
  account_name: string | null;
  refund_id: number | null;
  shipping_refund_paise: Generated<number>;
  replacement_order_id: number | null;
  notice: string | null;
}

export interface ReturnLineTable {
  id: Id;
  request_id: number;
  order_line_id: number;
  qty: number;
  /** 1 while the request is open, NULL once closed (unique with the line: one open request per line). */
  open: number | null;
  sellable: number | null;
  damaged: number | null;
  replacement_variant_id: number | null;
  /** The units' share of the line's net amount, fixed when the request is made. */
  share_paise: Generated<number>;
  /** A dearer replacement: the new unit's price less the unit price paid (paise, per unit). */
  price_diff_paise: Generated<number>;
}

interface ReturnPhotoTable {
  id: Id;
  request_id: number;
  file: string;
  position: number;
}

interface ReturnEventTable {
  id: Id;
  request_id: number;
  event: string;
  actor: string;
  note: Generated<string>;
  admin_id: number | null;
  created_at: ColumnType<Date, never, never>;
}

/** One change of a variant's units (modules/stock): append-only, kept when the variant is deleted. */
interface StockMovementTable {
  id: Id;
  at: Generated<Date>;
  variant_id: number;
  product_id: number;
  sku: string;
  delta: number;
  units_before: number;
  units_after: number;
  reason: string;
  actor: string;
  admin_id: number | null;
  order_id: number | null;
  reference: Generated<string>;
  note: Generated<string>;
}

/** A day's sales as the reports keep them (modules/reports; migration 20261130T0610). Paise; `day` a DATE. */
interface ReportDayTable {
  day: string;
  orders: number;
  paid_orders: number;
  gross: number;
  refunds: number;
  prepaid_orders: number;
  prepaid_net: number;
  cod_orders: number;
  cod_net: number;
  returned_orders: number;
  /** Discounts of the paid orders (their order_discounts; `gross` is their totals after them). */
  discounts: number;
}
interface ReportDayProductTable {
  day: string;
  product_id: number;
  units: number;
  sales: number;
}
interface ReportDayCustomerTable {
  day: string;
  user_id: number;
}
interface ReportCustomerFirstTable {
  user_id: number;
  first_day: string;
}
interface ReportOrderDayTable {
  order_id: number;
  day: string;
  /** The order's updated_at when its day was last counted. */
  counted_at: Date | null;
}
interface ReportRefreshTable {
  id: number;
  refreshed_to: Date;
  /** What the orders changed since `refreshed_to` less the margin looked like (nothing new when it matches). */
  fingerprint: string;
}

export interface PromotionTable extends Timestamps {
  id: Id;
  name: string;
  kind: 'code' | 'automatic';
  action: 'percent' | 'amount' | 'free_shipping' | 'buy_x_get_y';
  percent_bp: number | null;
  amount_paise: number | null;
  cap_paise: number | null;
  buy_qty: number | null;
  get_qty: number | null;
  scope: 'order' | 'categories' | 'brands' | 'products' | 'variants';
  /** JSON array of ids (as strings) or brand names. */
  targets: string;
  min_order_paise: number;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  uses: Generated<number>;
  per_customer: number | null;
  first_order_only: number;
  online_only: number;
  combinable: number;
  active: number;
  deal: number;
  /** 'newsletter': the promotion of the newsletter's first-order codes; NULL for staff's own. */
  source: Generated<string | null>;
  /** What must also be in the cart (NULL: nothing), and which ones (JSON array of ids as strings, or brands). */
  requires_scope: Generated<'categories' | 'brands' | 'products' | null>;
  requires_targets: Generated<string | null>;
}

interface PromotionCodeTable {
  id: Id;
  promotion_id: number;
  code: string;
  max_uses: number | null;
  uses: Generated<number>;
  generated: Generated<number>;
  /** The code stops working at this moment (a newsletter code's 30 days), whatever its promotion says. */
  expires_at: Generated<Date | null>;
  created_at: ColumnType<Date, never, never>;
}

/** A version of part of the shop's set-up, moved on by triggers when it changes (`shipping_zones`). */
interface SetupVersionTable {
  name: string;
  version: number;
}

export interface OrderDiscountTable {
  id: Id;
  order_id: number;
  position: number;
  kind: 'amount' | 'free_shipping';
  label: string;
  code: string | null;
  /** The promotion and code used: the line is their use, counted until `released` (cancelled, payment failed). */
  promotion_id: number | null;
  code_id: number | null;
  released: Generated<number>;
  amount_paise: number;
  /** JSON array of line positions, or NULL for every line. */
  line_positions: string | null;
}

/** A courier booked through a provider for one order (`state`: booking while the provider is asked, then booked). */
export interface CourierShipmentTable {
  id: Id;
  order_id: number;
  provider: string;
  state: Generated<'booking' | 'booked'>;
  remote_order_id: string | null;
  remote_shipment_id: string | null;
  awb: string | null;
  courier_name: string | null;
  weight_grams: number;
  label_pdf: Buffer | null;
  label_url: string | null;
  last_status: string | null;
  tracked_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/** One scan of a booked parcel as the courier reported it. */
export interface CourierEventTable {
  id: Id;
  order_id: number;
  at: Date;
  status: string;
  activity: string;
  location: string;
}

export interface Database {
  courier_shipments: CourierShipmentTable;
  courier_events: CourierEventTable;
  admins: AdminTable;
  users: UserTable;
  shop_pages: ShopPageTable;
  addresses: AddressTable;
  categories: CategoryTable;
  colors: ColorTable;
  products: ProductTable;
  product_colors: ProductColorTable;
  product_images: ProductImageTable;
  product_memory: ProductMemoryTable;
  product_variants: ProductVariantTable;
  low_stock_alerts: LowStockAlertTable;
  cod_remittances: CodRemittanceTable;
  cod_remittance_orders: CodRemittanceOrderTable;
  product_old_slugs: ProductOldSlugTable;
  cart_lines: CartLineTable;
  newsletter_signups: NewsletterTable;
  settings: SettingTable;
  login_failures: LoginFailureTable;
  ended_sessions: EndedSessionTable;
  orders: OrderTable;
  shipping_zones: ShippingZoneTable;
  order_lines: OrderLineTable;
  payment_events: PaymentEventTable;
  shared_images: SharedImageTable;
  outbox: OutboxTable;
  order_events: OrderEventTable;
  refunds: RefundTable;
  invoice_counters: InvoiceCounterTable;
  invoices: InvoiceTable;
  order_line_serials: OrderLineSerialTable;
  search_terms: SearchTermTable;
  search_docs: SearchDocTable;
  search_words: SearchWordTable;
  search_synonyms: SearchSynonymTable;
  catalog_imports: CatalogImportTable;
  catalog_import_rows: CatalogImportRowTable;
  audit_log: AuditLogTable;
  known_logins: KnownLoginTable;
  account_tokens: AccountTokenTable;
  recovery_codes: RecoveryCodeTable;
  reviews: ReviewTable;
  review_votes: ReviewVoteTable;
  wishlist_items: WishlistItemTable;
  stock_alerts: StockAlertTable;
  return_requests: ReturnRequestTable;
  return_lines: ReturnLineTable;
  return_photos: ReturnPhotoTable;
  return_events: ReturnEventTable;
  stock_movements: StockMovementTable;
  report_days: ReportDayTable;
  report_day_products: ReportDayProductTable;
  report_day_customers: ReportDayCustomerTable;
  report_customer_firsts: ReportCustomerFirstTable;
  report_order_days: ReportOrderDayTable;
  report_refresh: ReportRefreshTable;
  promotions: PromotionTable;
  promotion_codes: PromotionCodeTable;
  order_discounts: OrderDiscountTable;
  setup_versions: SetupVersionTable;
}
