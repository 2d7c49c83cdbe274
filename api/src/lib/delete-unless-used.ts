import type { Db } from '../db/connection';
import { isStillReferenced } from '../db/errors';
import { AppError } from '../errors';
import { type Trx, transaction } from './transaction';

/**
 * Deletes a catalogue object that products refer to (a category, a colour), refused while any do:
 * - `uses` counts the products first: 409 `in_use` naming how many, `what` the object and `advice` what to do
 * - `remove` deletes it (and records the change) in one transaction
 * - a product added between the count and the delete trips the foreign key: the same 409, counted again
 */
export async function deleteUnlessUsed(
  db: Db,
  { what, advice }: { what: string; advice: string },
  uses: () => Promise<number>,
  remove: (trx: Trx) => Promise<void>,
): Promise<void> {
  const inUse = (n: number) =>
    new AppError(
      409,
      'in_use',
      `This ${what} is used by ${n} ${n === 1 ? 'product' : 'products'}. ${advice}`,
    );
  const n = await uses();
  if (n > 0) throw inUse(n);
  try {
    await transaction(db, remove);
  } catch (e) {
    if (isStillReferenced(e)) throw inUse(await uses());
    throw e;
  }
}
