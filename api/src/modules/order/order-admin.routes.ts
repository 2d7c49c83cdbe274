import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { access } from '../../lib/access';
import { parse } from '../../lib/validate';
import { dashboardMetrics, listCustomers } from '../admin/admin.service';
import { pageQuery } from './order.routes';

const usersQuery = z.object({
  ...pageQuery,
  q: z.string().trim().max(254, 'must be at most 254 characters').optional(),
});

/** Dashboard figures and the customer list of the back office (mounted at /admin beside the admin login). */
export function orderAdminRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/metrics', access.admin, async (c) => {
    return c.json({ flag: 1, msg: 'Dashboard figures.', metrics: await dashboardMetrics(c.var.db) });
  });

  r.get('/users', access.admin, async (c) => {
    const q = parse(usersQuery, c.req.query());
    const { users, hasMore } = await listCustomers(c.var.db, {
      q: q.q || undefined,
      page: q.page,
      limit: q.limit,
    });
    return c.json({ flag: 1, msg: 'Customers.', users, hasMore });
  });

  return r;
}
