import { type CsvRowError, finalPricePaise, slugify } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { groupBy } from '../../lib/group-by';
import type { ProductValues } from '../product/product.repository';
import type { CsvRow } from './catalog-csv.format';
import * as repo from './catalog-csv.repository';

/** Rows of one product (same handle), in file order. */
interface Group {
  handle: string;
  rows: CsvRow[];
}

export function groupRows(rows: CsvRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const key = r.handle.toLowerCase();
    const g = groups.get(key) ?? { handle: r.handle, rows: [] };
    g.rows.push(r);
    groups.set(key, g);
  }
  return [...groups.values()];
}

export type VariantChanges = Partial<Omit<repo.KnownVariant, 'id' | 'product_id' | 'position'>>;

interface VariantPlan {
  row: CsvRow;
  existing: repo.KnownVariant | null;
  colorId: number;
  changes: VariantChanges;
}

export interface ProductPlan {
  group: Group;
  product: repo.KnownProduct | null;
  /** A new product's values, or an existing one's changed fields. */
  values: Partial<ProductValues>;
  addColors: number[];
  addMemory: number[];
  variants: VariantPlan[];
}

export type Outcome = 'create' | 'update' | 'unchanged';

function productValues(row: CsvRow, categoryId: number | null): ProductValues {
  const p = row.product;
  return {
    name: p.name,
    slug: slugify(p.name),
    sku: null,
    brand: p.brand,
    original_price: p.originalPaise,
    discount_percentage: p.discount,
    final_price: finalPricePaise(p.originalPaise, p.discount),
    thumbnail: '',
    video_url: p.videoUrl,
    short_description: p.shortDescription || null,
    long_description: p.longDescription || null,
    category_id: categoryId,
    stock: 0,
    in_stock: p.inStock ? 1 : 0,
    status: p.active ? 1 : 0,
    top_selling: p.topSelling ? 1 : 0,
    ...(p.hsnCode !== undefined && { hsn_code: p.hsnCode || null }),
    ...(p.gstRateBp !== undefined && { gst_rate_bp: p.gstRateBp }),
    ...(p.weightGrams !== undefined && { weight_grams: p.weightGrams }),
  };
}

/** The fields of an existing product that the row changes. */
function productChanges(current: repo.KnownProduct, want: ProductValues): Partial<ProductValues> {
  const out: Partial<ProductValues> = {};
  const same = {
    name: current.name === want.name,
    slug: current.slug === want.slug,
    brand: current.brand === want.brand,
    category_id: current.category_id === want.category_id,
    original_price: current.original_price === want.original_price,
    discount_percentage: current.discount_percentage === want.discount_percentage,
    video_url: current.video_url === want.video_url,
    short_description: current.short_description === (want.short_description ?? ''),
    long_description: current.long_description === (want.long_description ?? ''),
    in_stock: current.in_stock === want.in_stock,
    status: current.status === want.status,
    top_selling: current.top_selling === want.top_selling,
    hsn_code: want.hsn_code === undefined || current.hsn_code === want.hsn_code,
    gst_rate_bp: want.gst_rate_bp === undefined || current.gst_rate_bp === want.gst_rate_bp,
    weight_grams: want.weight_grams === undefined || current.weight_grams === want.weight_grams,
  };
  for (const [k, equal] of Object.entries(same))
    if (!equal) (out as Record<string, unknown>)[k] = want[k as keyof ProductValues];
  if (!same.original_price || !same.discount_percentage) out.final_price = want.final_price;
  return out;
}

/**
 * Works out what the rows would do to the catalogue as it is now (`lock`: the products involved are locked
 * first, inside a batch's transaction), and every reason a row cannot be applied. `claimed` holds the slugs
 * earlier groups of the same file make (a file planned in parts shares it).
 */
export async function planGroups(
  db: Db,
  groups: Group[],
  lock: boolean,
  claimed = new Map<string, number>(),
): Promise<{ plans: ProductPlan[]; errors: CsvRowError[]; outcomes: Map<number, Outcome> }> {
  const errors: CsvRowError[] = [];
  const outcomes = new Map<number, Outcome>();
  const rows = groups.flatMap((g) => g.rows);
  const bySku = new Map(
    (
      await repo.variantsBySku(
        db,
        rows.map((r) => r.sku),
      )
    ).map((v) => [v.sku.toUpperCase(), v]),
  );
  // The product each group is: the one its known SKUs belong to, else the product whose slug is its handle.
  const ownerOf = new Map<Group, number | null>();
  const handles: string[] = [];
  for (const g of groups) {
    const owners = [
      ...new Set(
        g.rows.map((r) => bySku.get(r.sku.toUpperCase())?.product_id).filter((id) => id !== undefined),
      ),
    ];
    ownerOf.set(g, owners[0] ?? null);
    if (!owners.length) handles.push(g.handle.toLowerCase());
  }
  const bySlug = new Map(
    (
      await repo.findProducts(db, {
        slugs: [...new Set([...handles, ...rows.map((r) => slugify(r.product.name))])],
      })
    ).map((p) => [p.slug, p]),
  );
  for (const g of groups)
    if (ownerOf.get(g) === null) ownerOf.set(g, bySlug.get(g.handle.toLowerCase())?.id ?? null);
  const productIds = [...new Set([...ownerOf.values()].filter((id): id is number => id !== null))].sort(
    (a, b) => a - b,
  );
  // Locked in id order, before their variants (the order every product write takes them in).
  const products = new Map((await repo.findProducts(db, { ids: productIds }, lock)).map((p) => [p.id, p]));
  const [variants, options, categories, colors] = await Promise.all([
    repo.variantsOfProducts(db, productIds),
    repo.productOptions(db, productIds),
    repo.idsBySlug(db, 'categories', [...new Set(rows.map((r) => r.product.category).filter(Boolean))]),
    repo.idsBySlug(db, 'colors', [...new Set(rows.map((r) => r.color).filter(Boolean))]),
  ]);
  const variantsOf = groupBy(variants, (v) => v.product_id);

  const plans: ProductPlan[] = [];
  for (const g of groups) {
    const lead = g.rows[0]!;
    const before = errors.length;
    const product = products.get(ownerOf.get(g) ?? -1) ?? null;
    for (const r of g.rows) {
      const owner = bySku.get(r.sku.toUpperCase())?.product_id;
      if (owner !== undefined && owner !== product?.id)
        errors.push({
          line: r.line,
          column: 'sku',
          reason: `"${r.sku}" is a variant of another product than the other rows of "${g.handle}"; a variant cannot move to another product`,
        });
    }
    let categoryId: number | null = null;
    if (lead.product.category) {
      categoryId = categories.get(lead.product.category) ?? null;
      if (categoryId === null)
        errors.push({
          line: lead.line,
          column: 'category',
          reason: `no category has the slug "${lead.product.category}"`,
        });
    }
    const want = productValues(lead, categoryId);
    const slugOwner = bySlug.get(want.slug);
    const clash = claimed.get(want.slug);
    if ((slugOwner && slugOwner.id !== product?.id) || clash !== undefined)
      errors.push({
        line: lead.line,
        column: 'name',
        reason: `"${lead.product.name}" makes the slug "${want.slug}", which ${clash !== undefined ? `the product on line ${clash}` : 'another product'} has already`,
      });
    claimed.set(want.slug, lead.line);

    const colorIds = new Set(product ? (options.colors.get(product.id) ?? []) : []);
    const sizes = new Set(product ? (options.memory.get(product.id) ?? []) : []);
    const skus = new Set(g.rows.map((r) => r.sku.toUpperCase()));
    const taken = new Map<string, string>();
    for (const v of product ? (variantsOf.get(product.id) ?? []) : [])
      if (!skus.has(v.sku.toUpperCase())) taken.set(`${v.color_id}:${v.memory_size}`, v.sku);
    const plan: ProductPlan = {
      group: g,
      product,
      values: product ? productChanges(product, want) : want,
      addColors: [],
      addMemory: [],
      variants: [],
    };
    for (const r of g.rows) {
      let colorId = 0;
      if (r.color) {
        colorId = colors.get(r.color) ?? 0;
        if (!colorId) {
          errors.push({ line: r.line, column: 'color', reason: `no colour has the slug "${r.color}"` });
          continue;
        }
      }
      const key = `${colorId}:${r.memoryGb}`;
      const other = taken.get(key);
      if (other !== undefined) {
        const what = [r.color && `colour "${r.color}"`, r.memoryGb && `${r.memoryGb} GB`]
          .filter(Boolean)
          .join(' with ');
        errors.push({
          line: r.line,
          column: r.color ? 'color' : 'memory_gb',
          reason: `${what || 'no options'} is already variant "${other}" of this product: each combination of options once`,
        });
        continue;
      }
      taken.set(key, r.sku);
      if (colorId && !colorIds.has(colorId)) {
        colorIds.add(colorId);
        plan.addColors.push(colorId);
      }
      if (r.memoryGb && !sizes.has(r.memoryGb)) {
        sizes.add(r.memoryGb);
        plan.addMemory.push(r.memoryGb);
      }
      const existing = bySku.get(r.sku.toUpperCase()) ?? null;
      const changes: VariantChanges = {};
      if (existing) {
        if (existing.sku !== r.sku) changes.sku = r.sku;
        if (existing.color_id !== colorId) changes.color_id = colorId;
        if (existing.memory_size !== r.memoryGb) changes.memory_size = r.memoryGb;
        if (existing.stock !== r.stock) changes.stock = r.stock;
        if (existing.price_override !== r.pricePaise) changes.price_override = r.pricePaise;
        if (existing.enabled !== (r.variantActive ? 1 : 0)) changes.enabled = r.variantActive ? 1 : 0;
        if (r.weightGrams !== undefined && existing.weight_grams !== r.weightGrams)
          changes.weight_grams = r.weightGrams;
      }
      plan.variants.push({ row: r, existing, colorId, changes });
    }
    if (errors.length > before) continue;
    plans.push(plan);
    const productChanged = Object.keys(plan.values).length > 0;
    for (const v of plan.variants)
      outcomes.set(
        v.row.line,
        !product || !v.existing
          ? 'create'
          : Object.keys(v.changes).length || (productChanged && v.row === lead)
            ? 'update'
            : 'unchanged',
      );
  }
  return { plans, errors, outcomes };
}
