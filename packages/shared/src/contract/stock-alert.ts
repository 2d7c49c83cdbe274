import type { stockAlertBody } from '../schemas/stock-alert';
import { route } from './define';

/** Variants shoppers are waiting for, with how many addresses wait for each. */
export interface WaitingVariant {
  variantId: string;
  sku: string;
  productId: string;
  productName: string;
  colorName: string | null;
  memorySize: number | null;
  stock: number;
  waiting: number;
}

/**
 * Back-in-stock alerts: shoppers and guests ask for one mail when a variant that cannot be bought comes back;
 * when units return (staff saves, CSV import, stock returned) each waiting address gets one mail, once, through
 * the outbox.
 */
export const stockAlert = {
  /**
   * 201 for a new request; 200 when the address already waits for the variant (nothing added); 409 `in_stock`
   * when the variant can be bought now.
   */
  create: route('POST /stock-alerts', 'public', { status: 201 })
    .body<typeof stockAlertBody>()
    .reply<{ waiting: true }>(),
  waiting: route('GET /admin/stock-alerts', 'catalog.read').reply<{
    variants: WaitingVariant[];
    total: number;
  }>(),
};
