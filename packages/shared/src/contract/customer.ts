import type { addressStateBody } from '../schemas/address';
import type { customerBlockBody } from '../schemas/order';
import type { AddressesToCheck, CustomerDetail } from '../types';
import { route } from './define';

/** One customer in the back office (the list is `admin.customers`). */
export const customer = {
  get: route('GET /admin/users/:userId', 'customers.read').reply<CustomerDetail>(),
  /**
   * Blocks or unblocks the account. Blocking ends every session at once (the token version moves on); a blocked
   * customer's login is refused with 403 `account_blocked`.
   */
  setBlocked: route('PUT /admin/users/:userId/block', 'customers.write')
    .body<typeof customerBlockBody>()
    .reply<CustomerDetail>(),
  /**
   * Saved addresses and orders whose state could not be matched to a state or union territory when addresses
   * moved to pincodes (flagged, never guessed): who, the address and the state as typed. At most 200 of each,
   * oldest first; `total` counts them all.
   */
  addressesToCheck: route('GET /admin/addresses/review', 'customers.read').reply<AddressesToCheck>(),
  /**
   * Sets a saved address's state from the list, checked against its pincode as the shopper's form is (400
   * `wrong_state` for a pincode in another state, 400 `unknown_pincode`); clears the flag and writes the history.
   */
  fixAddressState: route('PUT /admin/addresses/:addressId/state', 'customers.write')
    .body<typeof addressStateBody>()
    .reply<AddressesToCheck>(),
};
