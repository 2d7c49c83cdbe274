import { z } from 'zod';
import type { Order } from '../types';

const cm = (label: string) =>
  z.coerce
    .number({ error: 'must be a number of centimetres' })
    .int('must be a whole number of centimetres')
    .min(1, 'must be at least 1 cm')
    .max(300, 'must be at most 300 cm')
    .meta({ label });

/**
 * Staff: book a courier for an order (the provider's API gives the AWB and the label). The box's size in whole
 * centimetres; its weight in grams, by default the order's products' weights (required when they have none).
 */
export const bookCourierBody = z.object({
  lengthCm: cm('Length'),
  breadthCm: cm('Breadth'),
  heightCm: cm('Height'),
  weightGrams: z.coerce
    .number({ error: 'must be a number of grams' })
    .int('must be a whole number of grams')
    .min(1, 'must be at least 1 g')
    .max(100_000, 'must be at most 100 kg')
    .meta({ label: 'Weight' })
    .optional(),
});

/** One scan of a booked parcel, as the courier reported it. */
export interface CourierEvent {
  at: string;
  status: string;
  activity: string;
  location: string;
}

/** The order's courier booking for staff: which provider books, what it booked, and the courier's scans. */
export interface CourierPanel {
  /** `manual`: staff type the carrier and AWB when they mark the order shipped; nothing is booked. */
  provider: 'manual' | 'shiprocket' | 'simulator';
  booking: {
    awb: string;
    courierName: string;
    weightGrams: number;
    bookedAt: string;
    /** The courier's word for where the parcel is, as of `trackedAt`. */
    status: string | null;
    trackedAt: string | null;
    hasLabel: boolean;
  } | null;
  /** Oldest first. */
  events: CourierEvent[];
}

/** Booking moves the order to shipped: the panel and the order as it now is. */
export interface BookCourierReply {
  courier: CourierPanel;
  order: Order;
}
