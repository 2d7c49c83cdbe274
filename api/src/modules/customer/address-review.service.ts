import { type AddressesToCheck, type AddressToCheck, gstState } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { assertPincodeInState } from '../delivery/delivery.service';
import * as repo from './address-review.repository';

const SHOWN = 200;

interface Flagged {
  recipient: string;
  adress_line1: string;
  adress_line2: string;
  landmark: string;
  city: string;
  state: string;
  postal_code: string;
  user_id: number | bigint;
  name: string;
  email: string;
}

function toCheck(id: string, r: Flagged): AddressToCheck {
  const line = [r.recipient, r.adress_line1, r.adress_line2, r.landmark, r.city, r.postal_code]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
  return {
    _id: id,
    customer: { _id: String(r.user_id), name: r.name, email: r.email },
    address: line,
    postalCode: r.postal_code,
    state: r.state,
  };
}

/** Saved addresses and orders whose state matched no state or union territory (the pincode migration's flag). */
export async function addressesToCheck(db: Db): Promise<AddressesToCheck> {
  const [addresses, orders, total] = await Promise.all([
    repo.flaggedAddresses(db, SHOWN),
    repo.flaggedOrders(db, SHOWN),
    repo.countFlagged(db),
  ]);
  return {
    addresses: addresses.map((a) => toCheck(String(a.id), a)),
    orders: orders.map((o) => ({ ...toCheck(o.public_id, o), createdAt: o.created_at.toISOString() })),
    total,
  };
}

/**
 * Staff set a saved address's state from the list:
 * - the pincode must lie in that state, as on the shopper's form (400 `wrong_state` / `unknown_pincode`), so a
 *   fix can never store a state the pincode contradicts
 * - the state is stored by its name and GST code and the flag is cleared, in one transaction with one history
 *   record (kind `customer`, the customer's id) holding the state before and after
 */
export async function fixAddressState(
  db: Db,
  actor: Actor,
  addressId: number,
  stateCode: string,
): Promise<{ msg: string }> {
  const state = gstState(stateCode)!;
  return transaction(db, async (trx) => {
    const row = await repo.findAddressForUpdate(trx, addressId);
    if (!row) throw notFound('Address');
    assertPincodeInState(row.postal_code, state.code);
    await repo.setAddressState(trx, addressId, state.name, state.code);
    await recordAudit(trx, {
      actor,
      action: 'customer.address_state',
      kind: 'customer',
      objectId: Number(row.user_id),
      summary: `State of ${row.name}'s address (PIN ${row.postal_code}): "${row.state}" → ${state.name}`,
      before: {
        addressId,
        state: row.state,
        stateCode: row.state_code,
        flagged: Boolean(row.address_review),
      },
      after: { addressId, state: state.name, stateCode: state.code, flagged: false },
    });
    return { msg: `The address of ${row.name} is now in ${state.name}.` };
  });
}
