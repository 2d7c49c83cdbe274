import type {
  CategoryReturnPolicy,
  ReturnKind,
  ReturnReason,
  ReturnState,
  ShippingRefundRule,
} from '../rules/returns';
import type {
  approveReturnBody,
  categoryReturnPolicyBody,
  receiveReturnBody,
  refundReturnBody,
  rejectReturnBody,
  returnPolicyBody,
  returnRequestBody,
  returnsListQuery,
} from '../schemas/returns';
import { route } from './define';

/** One line of a return request (money in rupees). */
export interface ReturnLineView {
  lineId: string;
  name: string;
  /** Colour and memory size as sold, e.g. "Black, 128 GB". */
  options: string;
  thumbnail: string;
  qty: number;
  /** After inspection: units back in stock, and units counted damaged (null before). */
  sellable: number | null;
  damaged: number | null;
  /** The units' share of what the line cost (its net after discounts, from the pricing function). */
  share: number;
  /** Replacement requests: the variant to send (null: the same one), and its price difference per unit (rupees). */
  replacement: { variantId: string; label: string; priceDifference: number } | null;
}

/** Where a refund goes: back through the gateway (paid online), or to the shopper's UPI ID or bank account. */
export interface ReturnRefundTo {
  method: 'gateway' | 'upi' | 'bank';
  upiId?: string;
  /** Staff see the whole number; the shopper sees it masked. */
  account?: string;
  ifsc?: string;
  accountName?: string;
}

export interface ReturnRequestView {
  _id: string;
  orderId: string;
  kind: ReturnKind;
  state: ReturnState;
  reason: ReturnReason;
  comment: string;
  /** Why staff rejected it (the shopper sees it). */
  rejectReason: string | null;
  pickup: { carrier: string; awb: string } | null;
  refundTo: ReturnRefundTo;
  lines: ReturnLineView[];
  /** Paths of the shopper's photos (`/images/returns/…`). */
  photos: string[];
  /** Rupees the request refunds: the lines' share plus shipping when the policy refunds it. */
  refundable: number;
  /** Of which shipping. */
  shippingRefund: number;
  /** The refund made, once made. */
  refund: { amount: number; state: string; method: string; reference: string | null } | null;
  /** A replacement in a dearer option: the price difference the shopper pays on its delivery (rupees). */
  toPay: number;
  /** A replacement waiting for stock, or another note for the shopper. */
  notice: string | null;
  /** The replacement order, once sent. */
  replacementOrderId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One line of a delivered order as the "Return or replace" form offers it. */
export interface ReturnableLine {
  lineId: string;
  name: string;
  options: string;
  thumbnail: string;
  qty: number;
  /** Units in requests that were not rejected. */
  returned: number;
  /** Units that can be requested now (0 while a request for the line is open). */
  available: number;
  /** The open request holding this line, if any. */
  openRequest: string | null;
  policy: CategoryReturnPolicy;
  /** Other colours and memory sizes of the product, for a replacement (price difference in rupees). */
  variants: { variantId: string; label: string; inStock: boolean; priceDifference: number }[];
  /** The line's own variant (null for a line older than variants). */
  variantId: string | null;
}

export interface OrderReturns {
  requests: ReturnRequestView[];
  window: {
    /** True while a new request may be made (the order is delivered and the window is open). */
    open: boolean;
    days: number;
    /** When it closes (null before delivery). */
    closesAt: string | null;
  };
  lines: ReturnableLine[];
}

export interface ReturnHistoryEntry {
  event: string;
  actor: string;
  note: string;
  at: string;
  /** Staff only: who did it. */
  by?: string;
}

export interface ReturnDetails {
  request: ReturnRequestView;
  history: ReturnHistoryEntry[];
  order: { state: string; paymentMode: 'cod' | 'online'; total: number; refunded: number };
  shopper: { name: string; email: string } | null;
}

export interface ReturnPolicy {
  windowDays: number;
  shippingRefund: ShippingRefundRule;
  categories: { _id: string; name: string; policy: CategoryReturnPolicy }[];
}

/** Returns and replacements of delivered orders: the shopper's requests and the back office's screen. */
export const returns = {
  /** The shopper asks to return or replace lines of a delivered order (multipart, up to 5 `photos`). */
  request: route('POST /order/:orderId/returns', 'customer', { form: true, files: ['photos'], status: 201 })
    .body<typeof returnRequestBody>()
    .reply<{ request: ReturnRequestView }>(),
  /** The order's requests, its window and what each line may still send back (someone else's order: 404). */
  ofOrder: route('GET /order/:orderId/returns', 'account', {
    permission: 'orders.read',
  }).reply<OrderReturns>(),
  /** The shopper's requests, newest first. */
  mine: route('GET /returns/mine', 'customer').reply<{ requests: ReturnRequestView[] }>(),
  /** The returns policy: window and shipping rule (public), with the categories' rules. */
  policy: route('GET /returns/policy', 'public').reply<{ policy: ReturnPolicy }>(),
  savePolicy: route('PUT /returns/policy', 'returns.write')
    .body<typeof returnPolicyBody>()
    .reply<{ policy: ReturnPolicy }>(),
  saveCategoryPolicy: route('PUT /returns/policy/categories/:categoryId', 'returns.write')
    .body<typeof categoryReturnPolicyBody>()
    .reply<{ policy: ReturnPolicy }>(),
  /** The back office's list: filters, counts per state, and the units counted damaged. */
  list: route('GET /returns', 'returns.write').query<typeof returnsListQuery>().reply<{
    requests: ReturnRequestView[];
    total: number;
    hasMore: boolean;
    counts: Record<ReturnState, number>;
    damagedUnits: number;
  }>(),
  get: route('GET /returns/:returnId', 'returns.write').reply<ReturnDetails>(),
  /** Approves with a manual pickup (carrier and AWB); approving an approved request again changes nothing. */
  approve: route('POST /returns/:returnId/approve', 'returns.write')
    .body<typeof approveReturnBody>()
    .reply<ReturnDetails>(),
  reject: route('POST /returns/:returnId/reject', 'returns.write')
    .body<typeof rejectReturnBody>()
    .reply<ReturnDetails>(),
  /** The parcel arrived: sellable units go back to stock in the same transaction, damaged ones are counted. */
  receive: route('POST /returns/:returnId/receive', 'returns.write')
    .body<typeof receiveReturnBody>()
    .reply<ReturnDetails>(),
  /** Refunds a received request: online through the payment gateway, cash on delivery to the UPI ID / bank. */
  refund: route('POST /returns/:returnId/refund', 'returns.write')
    .body<typeof refundReturnBody>()
    .reply<ReturnDetails>(),
  /** Sends the replacement of a received request (a new order at ₹0, stock taken with the no-oversell rule). */
  replace: route('POST /returns/:returnId/replace', 'returns.write').reply<ReturnDetails>(),
};
