import type { ApiReply, Order, PaymentCheckout } from '@voltcart/shared';
import type { Http } from './http';
import type { AddressInput } from './user';

export interface PlaceOrderInput {
  payment_mode: 0 | 1;
  shipping_details: AddressInput & { contact: string };
  notes?: string;
}

export interface PlaceOrderReply extends ApiReply {
  order_id: string;
  order_total: number;
  /** Online payment (mode 1) only. */
  razorpay_order_id?: string;
  payment?: PaymentCheckout;
}

export interface RazorpayResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** Shopper-side order calls: place, confirm or fail a payment, history. */
export const orderApi = (http: Http) => ({
  place: async (input: PlaceOrderInput): Promise<PlaceOrderReply> =>
    (await http.post<PlaceOrderReply>('/order/place-order', input)).data,
  success: async (
    order_id: string,
    razorpay_response: RazorpayResponse,
  ): Promise<ApiReply & { order_id: string }> =>
    (await http.post<ApiReply & { order_id: string }>('/order/success', { order_id, razorpay_response }))
      .data,
  paymentFailed: async (order_id: string, reason?: string): Promise<ApiReply & { order: Order }> =>
    (await http.post<ApiReply & { order: Order }>('/order/payment-failed', { order_id, reason })).data,
  /** Development payment simulator: the API signs a successful payment as Razorpay would. */
  simulatorSign: async (order_id: string): Promise<RazorpayResponse> =>
    (
      await http.post<{ razorpay_response: RazorpayResponse }>('/order/simulator/sign', {
        order_id,
        outcome: 'success',
      })
    ).data.razorpay_response,
  myOrders: async (page = 1, limit = 20): Promise<{ orders: Order[]; hasMore: boolean }> => {
    const { data } = await http.get<{ orders: Order[]; hasMore?: boolean }>('/order/my-orders', {
      params: { page, limit },
    });
    return { orders: data.orders, hasMore: Boolean(data.hasMore) };
  },
  get: async (orderId: string): Promise<Order> =>
    (await http.get<{ order: Order }>(`/order/${encodeURIComponent(orderId)}`)).data.order,
});

export type OrderApi = ReturnType<typeof orderApi>;
