import { errorMessage } from '@voltcart/api-client/http';
import { MAX_LOW_STOCK_THRESHOLD, type Product, suggestVariantSku, type Variant } from '@voltcart/shared';
import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { toast } from '../../stores/toast';

interface Row {
  sku: string;
  price: string;
  stock: string;
  enabled: boolean;
  /** Grams; empty: the product's weight. */
  weight: string;
  /** Units at which the variant is low on stock; empty: the shop's threshold. */
  threshold: string;
}

const toRow = (v: Variant): Row => ({
  sku: v.sku,
  price: v.priceOverride === null ? '' : String(v.priceOverride),
  stock: String(v.stock),
  enabled: v.enabled,
  weight: v.weightGrams ? String(v.weightGrams) : '',
  threshold: v.lowStockThreshold == null ? '' : String(v.lowStockThreshold),
});

/**
 * What is wrong with a typed low-stock alert, in the words staff read; null when it can be saved.
 * - blank: the variant follows the shop's threshold (Settings)
 * - otherwise whole units (digits only), from 0 to 1,00,000, as the API takes them
 */
export function lowStockProblem(typed: string, variant: string, shop?: number): string | null {
  const t = typed.trim();
  if (t === '' || (/^\d+$/.test(t) && Number(t) <= MAX_LOW_STOCK_THRESHOLD)) return null;
  const blank = shop === undefined ? "blank for the shop's" : `blank for the shop's ${shop}`;
  return `The low-stock alert of ${variant} must be a whole number of units from 0 to 1,00,000, or ${blank}.`;
}

/**
 * A row staff have typed into and not saved yet: what they typed, and the stock the row showed when they began
 * (the compare-and-set value, so an order that took a unit meanwhile is not overwritten).
 */
interface Edit {
  row: Row;
  loadedStock: number;
}

/** What a row changes, as the variant update call takes it (stock compare-and-set against the loaded stock). */
export function variantChanges(v: Variant, r: Row, loadedStock = v.stock) {
  const body: {
    sku?: string;
    priceOverride?: number | null;
    stock?: number;
    expectedStock?: number;
    enabled?: boolean;
    weightGrams?: number | '';
    lowStockThreshold?: number | null;
  } = {};
  if (r.sku.trim() !== v.sku) body.sku = r.sku.trim();
  const price = r.price.trim() === '' ? null : Number(r.price);
  if (price !== v.priceOverride) body.priceOverride = price;
  if (Number(r.stock) !== loadedStock) {
    body.stock = Number(r.stock);
    body.expectedStock = loadedStock;
  }
  if (r.enabled !== v.enabled) body.enabled = r.enabled;
  // Sent as typed (the API refuses a weight that is not 1 g to 100 kg, naming it); empty: the product's.
  const weight = r.weight.trim() === '' ? '' : Number(r.weight);
  if ((weight || null) !== (v.weightGrams ?? null)) body.weightGrams = weight;
  // Checked before sending (lowStockProblem); empty: back to the shop's.
  const threshold = r.threshold.trim() === '' ? null : Number(r.threshold.trim());
  if (threshold !== (v.lowStockThreshold ?? null)) body.lowStockThreshold = threshold;
  return body;
}

/** The colour × memory size combinations of the product's options that have no variant (not sold yet). */
export function missingCombinations(
  product: Product,
): { colorId: string | null; memorySize: number | null }[] {
  const sold = new Set((product.variants ?? []).map((v) => `${v.colorId ?? ''}|${v.memorySize ?? ''}`));
  const colors = product.colors.length ? product.colors.map((c) => c._id) : [null];
  const sizes = product.memorySizes.length ? product.memorySizes : [null];
  return colors
    .flatMap((colorId) => sizes.map((memorySize) => ({ colorId, memorySize })))
    .filter((c) => !sold.has(`${c.colorId ?? ''}|${c.memorySize ?? ''}`));
}

/**
 * The product's variants, one row per colour × memory size sold: SKU, own price (blank: the product's price plus
 * the option adjustments), stock, weight, low-stock alert (blank: the shop's threshold, shown greyed), on/off; a
 * row is saved on its own, dropped with Remove (only without stock), and "Set every stock" writes many stocks at
 * once (all or nothing). A combination of the product's colours and memory sizes that is not sold can be added
 * (SKU suggested from the slug). Each colour's gallery takes pictures from the native multi-file picker.
 * - a row shows the product as loaded until staff type into it; from then on it keeps what they typed, whatever
 *   is saved or reloaded meanwhile (another row's Update reloads the product), until its own Update succeeds
 */
export function VariantMatrix({ product }: { product: Product }) {
  const variants = product.variants ?? [];
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [everyStock, setEveryStock] = useState('');
  const colorName = new Map(product.colors.map((c) => [c._id, c.name]));
  const hintId = useId();
  const shopThreshold = product.lowStockThreshold;
  /** Saved: these rows show the product as loaded again. */
  const reset = (vs: Variant[]) =>
    setEdits((all) =>
      Object.fromEntries(Object.entries(all).filter(([id]) => !vs.some((v) => v._id === id))),
    );

  const update = useApiMutation(
    ({ v, body }: { v: Variant; body: ReturnType<typeof variantChanges> }) =>
      api.variant.update({ params: { id: product._id, variantId: v._id }, body }),
    staleAfter.product,
    { refreshOnRefusal: true },
  );
  const remove = useApiMutation(
    (v: Variant) => api.variant.remove({ params: { id: product._id, variantId: v._id } }),
    staleAfter.product,
  );
  const bulk = useApiMutation(
    (stock: number) =>
      api.variant.stock({
        params: { id: product._id },
        body: { changes: variants.map((v) => ({ variantId: v._id, stock, expectedStock: v.stock })) },
      }),
    staleAfter.product,
    { refreshOnRefusal: true },
  );
  const gallery = useApiMutation(
    ({ colorId, files }: { colorId: string; files: File[] }) =>
      api.variant.addColorImages(
        {
          params: { id: product._id, colorId },
          body: { images: files.map((f) => ({ blob: f, name: f.name })) },
        },
        { timeout: 0 },
      ),
    staleAfter.product,
  );

  const saveRow = async (v: Variant, label: string) => {
    const edit = edits[v._id];
    const problem = edit && lowStockProblem(edit.row.threshold, label, shopThreshold);
    if (problem) return toast.error(problem);
    const body = edit ? variantChanges(v, edit.row, edit.loadedStock) : {};
    if (Object.keys(body).length === 0) return toast.info(`${v.sku}: nothing to save.`);
    try {
      const r = await update.mutateAsync({ v, body });
      reset([r.variant]);
      toast.success(`${r.variant.sku} saved.`);
    } catch (e) {
      toast.error(errorMessage(e, `${v.sku} could not be saved.`));
    }
  };

  if (variants.length === 0) return null;
  return (
    <section className="card variant-matrix" aria-labelledby="variants-title">
      <h2 id="variants-title">Variants</h2>
      <p className="muted">
        One row per colour × memory size sold. The product's stock is the sum of the switched-on variants; its
        price is the lowest of theirs.{' '}
        <span id={hintId}>
          Low-stock alert at: staff are mailed when the units fall to this many; blank follows the shop's
          threshold{shopThreshold === undefined ? '' : ` (${shopThreshold} units)`}.
        </span>
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Colour</th>
            <th scope="col" className="variant-matrix__narrow">
              Memory
            </th>
            <th scope="col" className="variant-matrix__sku">
              SKU
            </th>
            <th scope="col">Own price (₹)</th>
            <th scope="col">Stock</th>
            <th scope="col">Weight (g)</th>
            <th scope="col">Low-stock alert at</th>
            <th scope="col" className="variant-matrix__narrow">
              On sale
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v) => {
            const r = edits[v._id]?.row ?? toRow(v);
            const set = (patch: Partial<Row>) =>
              setEdits((all) => ({
                ...all,
                [v._id]: { row: { ...r, ...patch }, loadedStock: all[v._id]?.loadedStock ?? v.stock },
              }));
            const label = [
              v.colorId ? colorName.get(v.colorId) : null,
              v.memorySize ? `${v.memorySize} GB` : null,
            ]
              .filter(Boolean)
              .join(' ');
            const named = label || 'the variant';
            return (
              <tr key={v._id} data-testid="variant-row">
                <td>{v.colorId ? colorName.get(v.colorId) : '—'}</td>
                <td>{v.memorySize ? `${v.memorySize} GB` : '—'}</td>
                <td>
                  <input
                    aria-label={`SKU of ${label || 'the variant'}`}
                    value={r.sku}
                    onChange={(e) => set({ sku: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Own price of ${label || 'the variant'}`}
                    inputMode="decimal"
                    placeholder={formatINR(v.price)}
                    value={r.price}
                    onChange={(e) => set({ price: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Stock of ${label || 'the variant'}`}
                    type="number"
                    min={0}
                    value={r.stock}
                    onChange={(e) => set({ stock: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Weight of ${label || 'the variant'} (g)`}
                    type="number"
                    min={1}
                    placeholder={product.weightGrams ? `${product.weightGrams}` : 'not weighed'}
                    value={r.weight}
                    onChange={(e) => set({ weight: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Low-stock alert of ${named}`}
                    aria-describedby={hintId}
                    aria-invalid={lowStockProblem(r.threshold, named) ? true : undefined}
                    inputMode="numeric"
                    placeholder={shopThreshold === undefined ? "Shop's" : `${shopThreshold} (shop)`}
                    value={r.threshold}
                    onChange={(e) => set({ threshold: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${label || 'The variant'} on sale`}
                    checked={r.enabled}
                    onChange={(e) => set({ enabled: e.target.checked })}
                  />
                </td>
                <td>
                  {/* Not "Save": that is the form's own button, which the page must keep unique. */}
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-label={`Update ${label || 'the variant'}`}
                    onClick={() => void saveRow(v, named)}
                  >
                    Update
                  </button>{' '}
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    title={v.stock > 0 ? 'Set its stock to 0 first' : undefined}
                    onClick={() =>
                      remove.mutate(v, {
                        onSuccess: () => toast.success(`${v.sku} removed.`),
                        onError: (e) => toast.error(errorMessage(e, `${v.sku} could not be removed.`)),
                      })
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <form
        className="variant-matrix__bulk"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(everyStock);
          if (!Number.isInteger(n) || n < 0) return toast.error('Enter a whole number of units, 0 or more.');
          bulk.mutate(n, {
            onSuccess: (r) => {
              // Every stock is the one just set; other typed changes (price, SKU) stay to be saved.
              setEdits((all) =>
                Object.fromEntries(
                  Object.entries(all).map(([id, e]) => {
                    const saved = r.variants.find((x) => x._id === id);
                    return [
                      id,
                      saved ? { row: { ...e.row, stock: String(saved.stock) }, loadedStock: saved.stock } : e,
                    ];
                  }),
                ),
              );
              toast.success(r.msg);
            },
            onError: (err) => toast.error(errorMessage(err, 'The stock could not be saved.')),
          });
        }}
      >
        <label>
          Set every stock to{' '}
          <input type="number" min={0} value={everyStock} onChange={(e) => setEveryStock(e.target.value)} />
        </label>{' '}
        <button type="submit" className="btn btn-sm" disabled={bulk.isPending}>
          Apply to all variants
        </button>
      </form>
      <AddCombination product={product} />
      {product.colors.length > 0 && (
        <div className="variant-matrix__galleries">
          <h3>Colour galleries</h3>
          {product.colors.map((c) => (
            <div key={c._id} className="variant-matrix__gallery">
              <span>
                {c.name}: {product.colorImages?.[c._id]?.length ?? 0} pictures
              </span>{' '}
              <label className="btn btn-sm">
                Add pictures
                <input
                  type="file"
                  multiple
                  accept="image/jpeg,image/png,image/webp,image/avif"
                  hidden
                  onChange={(e) => {
                    const files = [...(e.target.files ?? [])].slice(0, 20);
                    e.target.value = '';
                    if (files.length === 0) return;
                    gallery.mutate(
                      { colorId: c._id, files },
                      {
                        onSuccess: (r) => toast.success(`${c.name}: ${r.msg}`),
                        onError: (err) => toast.error(errorMessage(err, 'The pictures could not be added.')),
                      },
                    );
                  }}
                />
              </label>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** Adds one of the combinations not sold yet as a variant: its SKU (suggested from the slug) and stock. */
function AddCombination({ product }: { product: Product }) {
  const id = useId();
  const missing = missingCombinations(product);
  const [choice, setChoice] = useState(0);
  const [sku, setSku] = useState('');
  const [stock, setStock] = useState('0');
  const create = useApiMutation(
    (body: { colorId: string | null; memorySize: number | null; sku: string; stock: number }) =>
      api.variant.create({ params: { id: product._id }, body }),
    staleAfter.product,
  );
  if (missing.length === 0) return null;
  const colors = new Map(product.colors.map((c) => [c._id, c]));
  const labelOf = (c: (typeof missing)[number]) =>
    [c.colorId ? colors.get(c.colorId)?.name : null, c.memorySize ? `${c.memorySize} GB` : null]
      .filter(Boolean)
      .join(' ');
  const chosen = missing[Math.min(choice, missing.length - 1)]!;
  const suggested = suggestVariantSku(
    { id: product._id, slug: product.slug },
    chosen.colorId ? (colors.get(chosen.colorId)?.slug ?? null) : null,
    chosen.memorySize,
  );
  return (
    <form
      className="variant-matrix__add"
      aria-labelledby={`${id}-title`}
      onSubmit={async (e) => {
        e.preventDefault();
        const units = Number(stock);
        if (!Number.isInteger(units) || units < 0)
          return toast.error('Enter a whole number of units, 0 or more.');
        const label = labelOf(chosen);
        // Awaited, not mutate(): the table is drawn again for the new variant, and mutate's callbacks would
        // be lost with it.
        try {
          const r = await create.mutateAsync({ ...chosen, sku: sku.trim() || suggested, stock: units });
          toast.success(`${label} added as ${r.variant.sku}.`);
          setChoice(0);
          setSku('');
          setStock('0');
        } catch (err) {
          toast.error(errorMessage(err, `${label} could not be added.`));
        }
      }}
    >
      <h3 id={`${id}-title`}>Add a combination</h3>
      <label>
        Combination{' '}
        <select
          value={Math.min(choice, missing.length - 1)}
          onChange={(e) => {
            setChoice(Number(e.target.value));
            setSku('');
          }}
        >
          {missing.map((c, i) => (
            <option key={`${c.colorId}|${c.memorySize}`} value={i}>
              {labelOf(c)}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        SKU <input value={sku} placeholder={suggested} onChange={(e) => setSku(e.target.value)} />
      </label>{' '}
      <label>
        Units <input type="number" min={0} value={stock} onChange={(e) => setStock(e.target.value)} />
      </label>{' '}
      <button type="submit" className="btn btn-sm" disabled={create.isPending}>
        Add combination
      </button>
    </form>
  );
}
