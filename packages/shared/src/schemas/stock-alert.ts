import { z } from 'zod';
import { email, id } from './common';

/** Waiting requests one address may have at once (across variants). */
export const MAX_STOCK_ALERTS = 50;

/**
 * "Notify me when available" for a variant; a logged-in shopper's own address is used when `email` is left out.
 */
export const stockAlertBody = z.object({
  variantId: id,
  email: email.optional(),
});
