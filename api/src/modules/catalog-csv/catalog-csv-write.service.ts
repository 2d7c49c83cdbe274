import { toRupees } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import type { Actor, AuditEntry } from '../audit/audit.service';
import type { ProductValues } from '../product/product.repository';
import * as prodRepo from '../product/product.repository';
import * as vrepo from '../product/product-variant.repository';
import type { SearchEngine } from '../search/search-engine';
import type { StockMove } from '../stock/stock-ledger.service';
import * as repo from './catalog-csv.repository';
import type { Outcome, ProductPlan, VariantChanges } from './catalog-csv-plan.service';

/** Writes what the plans say (inside a batch's transaction); returns the products changed, with their plans. */
export async function writePlans(
  trx: Db,
  search: SearchEngine,
  plans: ProductPlan[],
  outcomes: Map<number, Outcome>,
): Promise<{ id: number; plan: ProductPlan }[]> {
  const written: { id: number; plan: ProductPlan }[] = [];
  for (const plan of plans) {
    if (plan.group.rows.every((r) => outcomes.get(r.line) === 'unchanged')) continue;
    let id = plan.product?.id;
    if (id === undefined) id = await prodRepo.insertProduct(trx, plan.values as ProductValues);
    else await prodRepo.updateProduct(trx, id, plan.values);
    await repo.appendOptions(trx, id, plan.addColors, plan.addMemory);
    let position = await repo.nextPosition(trx, 'product_variants', id);
    const created: Parameters<typeof vrepo.insertVariants>[1] = [];
    for (const v of plan.variants) {
      const enabled = v.row.variantActive ? 1 : 0;
      if (v.existing) await vrepo.updateVariant(trx, v.existing.id, v.changes);
      else
        created.push({
          product_id: id,
          sku: v.row.sku,
          color_id: v.colorId,
          memory_size: v.row.memoryGb,
          stock: v.row.stock,
          price_override: v.row.pricePaise,
          enabled,
          position: position++,
          weight_grams: v.row.weightGrams ?? null,
        });
    }
    await vrepo.insertVariants(trx, created);
    await vrepo.refreshFigures(trx, id);
    written.push({ id, plan });
  }
  if (written.length)
    await search.indexProducts(
      trx,
      written.map((w) => w.id),
    );
  return written;
}

/** The units a batch moved: a changed count of a known variant, and the count of a new one (by its SKU). */
export function importedUnits(written: { plan: ProductPlan }[]): StockMove[] {
  return written.flatMap(({ plan }) =>
    plan.variants.flatMap((v): StockMove[] => {
      if (!v.existing) return [{ sku: v.row.sku, delta: v.row.stock }];
      const stock = v.changes.stock;
      return stock === undefined ? [] : [{ variantId: v.existing.id, delta: stock - v.existing.stock }];
    }),
  );
}

/** A product's fields as the history names them (money in rupees, switches as booleans). */
function productFields(v: Partial<ProductValues>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const names: [keyof ProductValues, string, (x: never) => unknown][] = [
    ['name', 'name', (x: string) => x],
    ['slug', 'slug', (x: string) => x],
    ['brand', 'brand', (x: string) => x],
    ['category_id', 'categoryId', (x: number | null) => (x === null ? null : String(x))],
    ['original_price', 'originalPrice', (x: number) => toRupees(Number(x))],
    ['discount_percentage', 'discountPercentage', (x: number) => Number(x)],
    ['final_price', 'finalPrice', (x: number) => toRupees(Number(x))],
    ['video_url', 'videoUrl', (x: string | null) => x ?? ''],
    ['short_description', 'shortDescription', (x: string | null) => x ?? ''],
    ['long_description', 'longDescription', (x: string | null) => x ?? ''],
    ['in_stock', 'inStock', (x: number) => Boolean(x)],
    ['status', 'status', (x: number) => Boolean(x)],
    ['top_selling', 'topSelling', (x: number) => Boolean(x)],
    ['hsn_code', 'hsnCode', (x: string | null) => x ?? ''],
    ['gst_rate_bp', 'gstRate', (x: number | null) => (x === null ? null : x / 100)],
    ['weight_grams', 'weightGrams', (x: number | null) => x],
  ];
  for (const [column, name, show] of names) if (column in v) out[name] = show(v[column] as never);
  return out;
}

/** A variant's fields as the history names them (`price`: the variant's own price, null = the product's). */
function variantFields(v: VariantChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (v.sku !== undefined) out.sku = v.sku;
  if (v.color_id !== undefined) out.colorId = v.color_id ? String(v.color_id) : null;
  if (v.memory_size !== undefined) out.memoryGb = v.memory_size;
  if (v.stock !== undefined) out.stock = v.stock;
  if (v.price_override !== undefined)
    out.price = v.price_override === null ? null : toRupees(Number(v.price_override));
  if (v.enabled !== undefined) out.active = Boolean(v.enabled);
  if (v.weight_grams !== undefined) out.weightGrams = v.weight_grams;
  return out;
}

/**
 * One history record per product a batch created or updated (so each product's page shows what the import did
 * to it): the product fields the row changed, and each variant by SKU (a new variant has no `before`).
 */
export function importRecords(
  actor: Actor,
  source: string,
  written: { id: number; plan: ProductPlan }[],
): AuditEntry[] {
  return written.map(({ id, plan }) => {
    const created = plan.product === null;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (plan.product) {
      const current = plan.product as unknown as Record<string, unknown>;
      const was = Object.fromEntries(Object.keys(plan.values).map((k) => [k, current[k]]));
      Object.assign(before, productFields(was as Partial<ProductValues>));
    }
    Object.assign(after, productFields(plan.values));
    for (const v of plan.variants) {
      if (v.existing) {
        if (!Object.keys(v.changes).length) continue;
        const was = Object.fromEntries(
          Object.keys(v.changes).map((k) => [k, v.existing![k as keyof repo.KnownVariant]]),
        );
        before[`variant ${v.existing.sku}`] = variantFields(was as VariantChanges);
        after[`variant ${v.row.sku}`] = variantFields(v.changes);
      } else
        after[`variant ${v.row.sku}`] = variantFields({
          color_id: v.colorId,
          memory_size: v.row.memoryGb,
          stock: v.row.stock,
          price_override: v.row.pricePaise,
          enabled: v.row.variantActive ? 1 : 0,
        });
    }
    const name = (plan.values.name ?? plan.product?.name) as string;
    return {
      actor,
      action: created ? 'product.create' : 'product.update',
      kind: 'product',
      objectId: id,
      summary: `${source}: ${created ? 'created' : 'updated'} product ${name}`,
      before: created ? null : before,
      after,
    };
  });
}
