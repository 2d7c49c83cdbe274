import type { Db } from '../../db/connection';
import { insertSignup } from './newsletter.repository';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thanks for subscribing! We will write when new products and offers arrive.',
  already: 'You are already subscribed.',
} as const;

/** Subscribes an email (already trimmed and lower-cased by the schema); `created` is false for a repeat. */
export async function subscribe(db: Db, email: string): Promise<{ created: boolean; msg: string }> {
  const created = await insertSignup(db, email);
  return { created, msg: created ? NEWSLETTER_MESSAGES.subscribed : NEWSLETTER_MESSAGES.already };
}
