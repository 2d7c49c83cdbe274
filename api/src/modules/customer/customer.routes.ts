import { contract, customerBlockBody } from '@voltcart/shared';
import { notFound } from '../../errors';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import { getCustomer, setBlocked } from './customer.service';

const api = contract.customer;

const customerId = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('Customer');
  return id;
};

/** One customer in the back office: the page, and blocking. */
export function customerRoutes() {
  const { app, on } = resource('/admin/users');

  on(api.get, async (c, input) => ({
    msg: 'Customer.',
    ...(await getCustomer(c.var.db, customerId(input.params.userId))),
  }));

  on(api.setBlocked, { body: customerBlockBody }, async (c, input) => {
    const id = customerId(input.params.userId);
    const { blocked } = await input.body();
    const { detail, msg } = await setBlocked(c.var.db, actorOf(c), id, blocked);
    return { msg, ...detail };
  });

  return app;
}
