import { auditQuery, contract } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { listAudit } from './audit.service';

/** The change history, read-only (GET only: no route edits or deletes a record). */
export function auditRoutes() {
  const { app, on } = resource('/admin');
  on(contract.audit.list, { query: auditQuery }, async (c, { query }) => ({
    msg: 'Change history.',
    ...(await listAudit(c.var.db, query)),
  }));
  return app;
}
