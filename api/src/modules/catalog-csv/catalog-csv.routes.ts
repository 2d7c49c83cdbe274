import { catalogImportBody, contract } from '@voltcart/shared';
import { badRequest } from '../../errors';
import { guardOf } from '../../lib/access';
import { resource } from '../../lib/routes';
import { streamedUpload } from '../../lib/streamed-upload';
import { actorOf } from '../audit/audit.service';
import { releaseStockAlerts } from '../stock-alert/stock-alert.service';
import { applyNextBatch, getImport, previewImport } from './catalog-csv.service';
import { exportCatalog } from './catalog-csv-export.service';
import { CSV_MESSAGES } from './catalog-csv-messages';
import { readImportFile } from './catalog-csv-read';

const api = contract.catalogCsv;

/** Catalogue CSV export (streamed) and import (preview, then apply batch by batch). */
export function catalogCsvRoutes() {
  const { app, on } = resource('/catalog');

  // CSV, streamed page by page from the database: outside the JSON contract (like the invoice PDF).
  app.get('/export', guardOf({ access: 'admin', permission: 'catalog.read' }), (c) => {
    const day = new Date().toISOString().slice(0, 10);
    return new Response(exportCatalog(c.var.db), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="voltcart-catalogue-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  // The file is read as it arrives (a catalogue may be 50 MB): never buffered whole, nor parsed in one go.
  on(api.preview, { body: catalogImportBody }, async (c, input) => {
    const upload = await streamedUpload(c, 'file');
    if (!upload) throw badRequest(CSV_MESSAGES.noFile);
    const file = await readImportFile(upload.file);
    const body = await input.body(await upload.fields);
    const preview = await previewImport(c.var.db, {
      name: upload.filename,
      file,
      adminId: c.var.principal?.id ?? null,
      batchSize: body.batchSize,
    });
    return { msg: CSV_MESSAGES.previewed(preview.rows, preview.errorCount), import: preview };
  });

  on(api.get, async (c, input) => ({
    msg: 'Import.',
    import: await getImport(c.var.db, input.params.importId!),
  }));

  on(api.apply, async (c, input) => {
    const applied = await applyNextBatch(c.var, actorOf(c), input.params.importId!);
    // What the batch saved shows to shoppers at once (a failed batch saved nothing).
    await c.var.catalogCache.invalidate(c.var.db);
    await releaseStockAlerts(c.var);
    return applied;
  });

  return app;
}
