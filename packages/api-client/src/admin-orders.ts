import type { ApiReply, Order, OrderState } from '@voltcart/shared';
import { cleanParams } from './admin';
import type { Http } from './http';

export interface AdminOrderQuery {
  state?: OrderState | '';
  /** Order id or customer email. */
  q?: string;
  page?: number;
  limit?: number;
}

/** The back office's order calls: list, detail, move along. */
export const adminOrdersApi = (http: Http) => ({
  list: async (query: AdminOrderQuery = {}): Promise<{ orders: Order[]; hasMore: boolean }> => {
    const { data } = await http.get<{ orders: Order[]; hasMore?: boolean }>('/order', {
      params: cleanParams(query),
    });
    return { orders: data.orders, hasMore: Boolean(data.hasMore) };
  },
  get: async (orderId: string): Promise<Order> =>
    (await http.get<{ order: Order }>(`/order/${encodeURIComponent(orderId)}`)).data.order,
  /** Illegal moves are refused by the API (409) with a message naming both states. */
  setState: async (orderId: string, state: OrderState): Promise<ApiReply & { order: Order }> =>
    (await http.patch<ApiReply & { order: Order }>(`/order/status/${encodeURIComponent(orderId)}`, { state }))
      .data,
});

export type AdminOrdersApi = ReturnType<typeof adminOrdersApi>;
