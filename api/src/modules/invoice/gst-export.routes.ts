import { gstPeriod } from '@voltcart/shared';
import { badRequest } from '../../errors';
import { guardOf } from '../../lib/access';
import { resource } from '../../lib/routes';
import { ewayBillCsv } from './eway-bill.service';
import {
  GSTR1_CSV_SECTIONS,
  type Gstr1CsvSection,
  gstr1Csv,
  gstr1Json,
  salesRegisterCsv,
} from './gst-export.service';

const GST_EXPORT_MESSAGES = {
  period: 'Choose a period: a month as 2026-11, or a quarter of a financial year as 2026-Q3.',
  section: `Choose a GSTR-1 section: ${GSTR1_CSV_SECTIONS.join(', ')}.`,
} as const;

const guard = guardOf({ access: 'admin', permission: 'reports.read' });

function periodOf(query: string | undefined) {
  const period = gstPeriod(query ?? '');
  if (!period) throw badRequest(GST_EXPORT_MESSAGES.period);
  return period;
}

const download = (name: string, type: string) => ({
  'Content-Type': type,
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'no-store',
});

/**
 * The accountant's GST exports (staff with `reports.read`), streamed from the documents as issued: a period's
 * sales register (CSV), its GSTR-1 (the offline tool's JSON), each GSTR-1 section as the offline tool's CSV, and
 * the e-way bill helper (documents above the e-way bill threshold, with the fields the portal asks for).
 * Files, so outside the JSON contract (like the catalogue export).
 */
export function gstExportRoutes() {
  const { app } = resource('/reports/gst');

  app.get('/sales-register', guard, (c) => {
    const period = periodOf(c.req.query('period'));
    return new Response(salesRegisterCsv(c.var.db, period), {
      headers: download(`sales-register-${c.req.query('period')}.csv`, 'text/csv; charset=utf-8'),
    });
  });

  app.get('/eway-bills', guard, (c) => {
    const period = periodOf(c.req.query('period'));
    return new Response(ewayBillCsv(c.var.db, period), {
      headers: download(`eway-bills-${c.req.query('period')}.csv`, 'text/csv; charset=utf-8'),
    });
  });

  app.get('/gstr1', guard, (c) => {
    const period = periodOf(c.req.query('period'));
    return new Response(gstr1Json(c.var.db, c.var.config, period), {
      headers: download(`gstr1-${period.fp}.json`, 'application/json; charset=utf-8'),
    });
  });

  app.get('/gstr1/:section', guard, (c) => {
    const period = periodOf(c.req.query('period'));
    const section = c.req.param('section') as Gstr1CsvSection;
    if (!GSTR1_CSV_SECTIONS.includes(section)) throw badRequest(GST_EXPORT_MESSAGES.section);
    return new Response(gstr1Csv(c.var.db, period, section), {
      headers: download(`gstr1-${section}-${period.fp}.csv`, 'text/csv; charset=utf-8'),
    });
  });

  return app;
}
