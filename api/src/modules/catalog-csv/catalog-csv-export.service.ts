import { CATALOG_CSV_COLUMNS, toRupees } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { groupBy } from '../../lib/group-by';
import { csvLine } from './catalog-csv.format';
import * as repo from './catalog-csv.repository';

/** Products per page of the export (keyset pages: memory stays flat whatever the catalogue's size). */
const EXPORT_PAGE = 500;

const BOM = '\uFEFF';

/**
 * The catalogue as CSV, read page by page as the client takes it (a pull stream: a slow client holds back the
 * reads, and only one page of products is ever in memory). Starts with a byte order mark so that spreadsheets
 * read it as UTF-8.
 */
export function exportCatalog(db: Db, pageSize = EXPORT_PAGE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLine([...CATALOG_CSV_COLUMNS])));
          return;
        }
        const products = await repo.exportProductPage(db, after, pageSize);
        if (!products.length) {
          controller.close();
          return;
        }
        after = products.at(-1)!.id;
        const ids = products.map((p) => p.id);
        const [variants, pictures] = await Promise.all([
          repo.exportVariants(db, ids),
          repo.exportPictures(db, ids),
        ]);
        const byProduct = groupBy(variants, (v) => v.product_id);
        const files = groupBy(pictures, (p) => p.product_id);
        let out = '';
        for (const p of products) {
          const product = [
            p.slug,
            p.name,
            p.brand,
            p.categorySlug ?? '',
            toRupees(Number(p.original_price)),
            Number(p.discount_percentage),
            Number(p.status),
            Number(p.in_stock),
            Number(p.top_selling),
            p.short_description ?? '',
            p.long_description ?? '',
            p.video_url,
          ];
          // The product's own HSN code and GST rate close the row (blank: its category's).
          const tax = [p.hsn_code ?? '', p.gst_rate_bp === null ? '' : p.gst_rate_bp / 100];
          const grams = (g: number | null) => (g === null ? '' : Number(g));
          const names = [p.thumbnail, ...(files.get(p.id) ?? []).map((f) => f.file)]
            .filter(Boolean)
            .join('|');
          const rows = byProduct.get(p.id) ?? [];
          // A product without variants (written by hand into the table) still shows, with blank variant cells.
          if (!rows.length)
            out += csvLine([...product, '', '', '', '', '', '', names, ...tax, grams(p.weight_grams), '']);
          for (const v of rows)
            out += csvLine([
              ...product,
              v.sku,
              v.colorSlug ?? '',
              Number(v.memory_size) || '',
              v.price_override === null ? '' : toRupees(Number(v.price_override)),
              Number(v.stock),
              Number(v.enabled),
              names,
              ...tax,
              grams(p.weight_grams),
              grams(v.weight_grams),
            ]);
        }
        controller.enqueue(encoder.encode(out));
      },
    },
    // Nothing is read ahead of the client: the next page is fetched when the previous one is taken.
    { highWaterMark: 0 },
  );
}
