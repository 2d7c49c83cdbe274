import type { ApiReply, CartLine } from '@voltcart/shared';
import type { Http } from './http';

export interface CartItemInput {
  productId: string;
  qty: number;
  colorId?: string | null;
  memorySize?: number | null;
}

type CartReply = ApiReply & { cart: CartLine[] };

/** The logged-in shopper's server cart; every call answers with the whole cart. */
export const cartApi = (http: Http) => ({
  get: async (): Promise<CartLine[]> => (await http.get<CartReply>('/cart')).data.cart,
  /** Adds `qty` (default 1, as the store's button does) of a product with its chosen options. */
  add: async (item: Omit<CartItemInput, 'qty'> & { qty?: number }): Promise<CartLine[]> =>
    (await http.post<CartReply>('/cart/add-to-cart', { ...item, qty: item.qty ?? 1 })).data.cart,
  /** Merges a guest cart into the server cart (on login or register). */
  moveToDb: async (cart: CartItemInput[]): Promise<CartLine[]> =>
    (await http.post<CartReply>('/cart/move-to-db', { cart })).data.cart,
  setQty: async (lineId: string, qty: number): Promise<CartLine[]> =>
    (await http.patch<CartReply>(`/cart/line/${encodeURIComponent(lineId)}`, { qty })).data.cart,
  removeLine: async (lineId: string): Promise<CartLine[]> =>
    (await http.delete<CartReply>(`/cart/line/${encodeURIComponent(lineId)}`)).data.cart,
  clear: async (): Promise<CartLine[]> => (await http.delete<CartReply>('/cart')).data.cart,
});

export type CartApi = ReturnType<typeof cartApi>;
