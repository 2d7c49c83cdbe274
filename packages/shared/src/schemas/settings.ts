import { z } from 'zod';
import { rupees, text } from './common';

export const settingsBody = z.object({
  shopName: text(60).min(1, 'must not be empty').optional(),
  freeShippingThreshold: rupees.optional(),
});

export type SettingsBody = z.infer<typeof settingsBody>;
