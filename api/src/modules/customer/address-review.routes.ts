import { addressStateBody, contract } from '@voltcart/shared';
import { notFound } from '../../errors';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import { addressesToCheck, fixAddressState } from './address-review.service';

const api = contract.customer;

/** Addresses whose state could not be matched when addresses moved to pincodes: the list, and the fix. */
export function addressReviewRoutes() {
  const { app, on } = resource('/admin/addresses');

  on(api.addressesToCheck, async (c) => {
    const list = await addressesToCheck(c.var.db);
    return { msg: `${list.total.addresses + list.total.orders} addresses to check.`, ...list };
  });

  on(api.fixAddressState, { body: addressStateBody }, async (c, input) => {
    const id = Number(input.params.addressId);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound('Address');
    const { stateCode } = await input.body();
    const { msg } = await fixAddressState(c.var.db, actorOf(c), id, stateCode);
    return { msg, ...(await addressesToCheck(c.var.db)) };
  });

  return app;
}
