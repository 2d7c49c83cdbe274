import { randomInt } from 'node:crypto';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The promotion behind the newsletter's codes of this percentage: found, or made (once: a unique key decides). */
async function welcomePromotion(trx: Db, percent: number): Promise<number> {
  const find = () =>
    trx
      .selectFrom('promotions')
      .select('id')
      .where('source', '=', 'newsletter')
      .where('percent_bp', '=', percent * 100)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  try {
    const r = await trx
      .insertInto('promotions')
      .values({
        name: `Newsletter welcome (${percent}% off a first order)`,
        kind: 'code',
        action: 'percent',
        percent_bp: percent * 100,
        amount_paise: null,
        cap_paise: null,
        buy_qty: null,
        get_qty: null,
        scope: 'order',
        targets: '[]',
        min_order_paise: 0,
        starts_at: null,
        ends_at: null,
        max_uses: null,
        per_customer: 1,
        first_order_only: 1,
        online_only: 0,
        combinable: 0,
        active: 1,
        deal: 0,
        source: 'newsletter',
      })
      .executeTakeFirstOrThrow();
    return Number(r.insertId);
  } catch (e) {
    if (!isDuplicateKey(e)) throw e;
    return (await find())!.id;
  }
}

/**
 * A new single-use code for a newsletter subscriber's first order, in the sign-up's transaction: `percent` % off,
 * working for `days` days from now (the percentage stays the one promised, whatever the setting becomes later).
 */
export async function issueWelcomeCode(
  trx: Db,
  opts: { percent: number; days: number; now?: Date },
): Promise<{ code: string; expiresAt: Date }> {
  const promotionId = await welcomePromotion(trx, opts.percent);
  const expiresAt = new Date((opts.now ?? new Date()).getTime() + opts.days * 86_400_000);
  for (let attempt = 0; ; attempt++) {
    let code = 'WELCOME';
    for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    try {
      await trx
        .insertInto('promotion_codes')
        .values({ promotion_id: promotionId, code, max_uses: 1, generated: 1, expires_at: expiresAt })
        .execute();
      return { code, expiresAt };
    } catch (e) {
      // 31^8 codes: a clash is all but impossible, and a new draw settles it.
      if (!isDuplicateKey(e) || attempt >= 3) throw e;
    }
  }
}
