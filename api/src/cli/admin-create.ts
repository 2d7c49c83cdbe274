import { email, password, text } from '@voltcart/shared';
import { z } from 'zod';
import type { Db } from '../db/connection';
import { bcryptCost, hashPassword } from '../lib/passwords';
import { clearAccountCounters } from '../lib/rate-limit';
import { parse } from '../lib/validate';
import { findAdminByEmail, insertAdmin, resetAdmin } from '../modules/admin/admin.repository';
import { replaceRecoveryCodes } from '../modules/staff/staff.repository';

const adminInput = z.object({
  email,
  password,
  name: text(100).min(1, 'must not be empty').optional(),
});

/**
 * `npm run admin:create -- --email E --password P [--name N]`: creates an Owner account, or, when the email
 * exists, sets a new password (and name, when given), makes it an active Owner, turns its two-step sign-in off
 * (a lost phone), clears its failed-login counters and ends every session of that account (the way back in
 * when the shop's Owners are locked out).
 * Input follows the register rules (valid email, password of 8 characters to 72 bytes); a problem
 * throws an error whose message names the field.
 */
export async function createOrResetAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
  opts: { cost?: number } = {},
): Promise<{ id: number; email: string; created: boolean }> {
  const a = parse(adminInput, input);
  const password_hash = await hashPassword(a.password, opts.cost ?? bcryptCost(process.env.NODE_ENV));
  await clearAccountCounters(db, 'admin', a.email);
  return db.transaction().execute(async (trx) => {
    const existing = await findAdminByEmail(trx, a.email);
    if (existing) {
      await resetAdmin(trx, existing.id, {
        password_hash,
        role: 'owner',
        active: 1,
        must_change_password: 0,
        totp_secret: null,
        totp_pending: null,
        ...(a.name ? { name: a.name } : {}),
      });
      await replaceRecoveryCodes(trx, existing.id, []);
      return { id: existing.id, email: a.email, created: false };
    }
    const id = await insertAdmin(trx, {
      name: a.name ?? 'Admin',
      email: a.email,
      password_hash,
      role: 'owner',
    });
    return { id, email: a.email, created: true };
  });
}
