import type { customerBlockBody } from '../schemas/order';
import type { CustomerDetail } from '../types';
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
};
