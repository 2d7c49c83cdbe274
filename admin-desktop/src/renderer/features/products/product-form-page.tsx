import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import {
  type Color,
  finalPrice,
  gstSlabsOn,
  HSN_PATTERN,
  MAX_WEIGHT_GRAMS,
  type Product,
  slugify,
} from '@voltcart/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormError } from '../../components/catalog-form';
import { FileField } from '../../components/file-field';
import { FormActions, FormField, TextAreaField, TextField } from '../../components/form-field';
import { ObjectHistory } from '../../components/object-history';
import { ProgressBar } from '../../components/progress-bar';
import { LoadForEdit } from '../../components/query-states';
import { SafeImage } from '../../components/safe-image';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { api, imageSrc } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { toast } from '../../stores/toast';
import {
  type ProductBody,
  type ProductUpdate,
  productChanges,
  stockChangedText,
  stockConflict,
} from './product-save';
import { StockTrail } from './stock-trail';
import { VariantMatrix } from './variant-matrix';

interface MemoryRow {
  gb: string;
  adj: string;
}

/** The fields a text box edits as it is typed. */
type TextKey = {
  [K in keyof FormState]-?: FormState[K] extends string | undefined ? K : never;
}[keyof FormState];

interface FormState {
  name: string;
  sku: string;
  brand: string;
  originalPrice: string;
  discountPercentage: string;
  categoryId: string;
  colors: { _id: string; priceAdj: string }[];
  stock: string;
  memory: MemoryRow[];
  videoUrl: string;
  shortDescription: string;
  longDescription: string;
  /** The product's own HSN code and GST rate (percent); empty: its category's. */
  hsnCode?: string;
  gstRate?: string;
  /** The packed parcel's weight in grams; empty: not weighed. */
  weightGrams?: string;
}

const EMPTY: FormState = {
  name: '',
  sku: '',
  brand: '',
  originalPrice: '',
  discountPercentage: '0',
  categoryId: '',
  colors: [],
  stock: '0',
  memory: [],
  videoUrl: '',
  shortDescription: '',
  longDescription: '',
  hsnCode: '',
  gstRate: '',
  weightGrams: '',
};

function fromProduct(p: Product): FormState {
  return {
    name: p.name,
    sku: p.sku ?? '',
    brand: p.brand ?? '',
    originalPrice: String(p.originalPrice),
    discountPercentage: String(p.discountPercentage),
    categoryId: p.categoryId ?? '',
    colors: p.colors.map((c) => ({ _id: c._id, priceAdj: String(c.priceAdj ?? 0) })),
    stock: String(p.stock),
    memory: p.memorySizes.map((gb, i) => ({ gb: String(gb), adj: String(p.memoryPriceAdj[i] ?? 0) })),
    videoUrl: p.videoUrl ?? '',
    shortDescription: p.shortDescription ?? '',
    longDescription: p.longDescription ?? '',
    hsnCode: p.tax?.hsnCode ?? '',
    gstRate: p.tax?.gstRate === null || p.tax?.gstRate === undefined ? '' : String(p.tax.gstRate),
    weightGrams: p.weightGrams ? String(p.weightGrams) : '',
  };
}

/** The GST slabs in force (percent), and a rate saved under older slabs so it shows as it is. */
function gstRateChoices(saved?: string): number[] {
  const slabs = gstSlabsOn(new Date()).map((b) => b / 100);
  const old = saved ? Number(saved) : Number.NaN;
  return Number.isFinite(old) && !slabs.includes(old) ? [...slabs, old].sort((a, b) => a - b) : slabs;
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/**
 * Checks what the form can check before sending (name required; prices and counts are numbers) and
 * builds the request; the API checks everything again.
 * - the slug and final price are sent too (as first-release clients send them), from the shared rules; the API
 *   derives both itself
 * - every field is in it: a create sends them all; an update sends only those that differ from the loaded
 *   product's (productChanges), an emptied one (or no category: '') as empty, which clears it
 */
export function toProductInput(f: FormState): { input?: ProductBody; error?: string } {
  if (!f.name.trim()) return { error: 'Please enter the product name.' };
  const originalPrice = num(f.originalPrice);
  if (!Number.isFinite(originalPrice) || originalPrice < 0)
    return { error: 'Please enter the original price in rupees.' };
  const discount = f.discountPercentage.trim() === '' ? 0 : num(f.discountPercentage);
  if (!Number.isFinite(discount) || discount < 0 || discount > 100) {
    return { error: 'The discount percentage must be between 0 and 100.' };
  }
  const stock = f.stock.trim() === '' ? 0 : num(f.stock);
  if (!Number.isInteger(stock) || stock < 0)
    return { error: 'The stock quantity must be a whole number, 0 or more.' };
  const colors = [];
  for (const c of f.colors) {
    const adj = c.priceAdj.trim() === '' ? 0 : num(c.priceAdj);
    if (!Number.isFinite(adj)) return { error: 'Every colour price adjustment must be a number of rupees.' };
    colors.push({ _id: c._id, priceAdj: adj });
  }
  const memorySizes: number[] = [];
  const memoryPriceAdj: number[] = [];
  for (const m of f.memory) {
    if (m.gb.trim() === '' && m.adj.trim() === '') continue;
    const gb = num(m.gb);
    const adj = m.adj.trim() === '' ? 0 : num(m.adj);
    if (!Number.isInteger(gb) || gb <= 0) return { error: 'Every memory option needs a size in whole GB.' };
    if (memorySizes.includes(gb)) return { error: `The memory size ${gb} GB is listed twice.` };
    if (!Number.isFinite(adj)) return { error: 'Every memory price adjustment must be a number of rupees.' };
    memorySizes.push(gb);
    memoryPriceAdj.push(adj);
  }
  const hsnCode = (f.hsnCode ?? '').trim();
  if (hsnCode && !HSN_PATTERN.test(hsnCode)) return { error: 'The HSN code must be 4, 6 or 8 digits.' };
  const weight = (f.weightGrams ?? '').trim() === '' ? '' : num(f.weightGrams ?? '');
  if (weight !== '' && !(Number.isInteger(weight) && weight > 0 && weight <= MAX_WEIGHT_GRAMS))
    return { error: 'The weight must be a whole number of grams, more than 0 and at most 100,000 (100 kg).' };
  return {
    input: {
      name: f.name.trim(),
      slug: slugify(f.name.trim()),
      sku: f.sku.trim(),
      brand: f.brand.trim(),
      originalPrice,
      discountPercentage: discount,
      finalPrice: finalPrice(originalPrice, discount),
      categoryId: f.categoryId,
      colors,
      memorySizes,
      memoryPriceAdj,
      stock,
      videoUrl: f.videoUrl.trim(),
      shortDescription: f.shortDescription.trim(),
      longDescription: f.longDescription.trim(),
      hsnCode,
      gstRate: f.gstRate ? Number(f.gstRate) : '',
      weightGrams: weight,
    },
  };
}

/** /admin/product/add and /admin/product/edit/:productId (with SKU, brand, stock and options). */
export function ProductFormPage() {
  const { productId } = useParams();
  const product = useQuery({ ...queries.product(productId ?? ''), enabled: Boolean(productId) });
  return (
    <>
      <LoadForEdit query={product} editing={Boolean(productId)}>
        {(current) => <ProductForm key={productId ?? 'new'} productId={productId} current={current} />}
      </LoadForEdit>
      {productId && <ObjectHistory kind="product" objectId={productId} />}
    </>
  );
}

/** The form itself, mounted once the product is loaded so its fields start filled in. */
function ProductForm({ productId, current }: { productId?: string; current: Product | null }) {
  const editing = Boolean(productId);
  const navigate = useNavigate();
  const categories = useQuery(queries.categories());
  const colors = useQuery(queries.colors());
  // The product as loaded (what a save compares with), moved on to the current values after a stock conflict.
  const [start, setStart] = useState<FormState>(() => (current ? fromProduct(current) : EMPTY));
  const [f, setF] = useState<FormState>(start);
  const [thumb, setThumb] = useState<File[]>([]);
  const { allowLeave } = useUnsavedChanges(thumb.length > 0 || JSON.stringify(f) !== JSON.stringify(start));
  const [sent, setSent] = useState<number | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [stockMoved, setStockMoved] = useState<{ expectedStock: number; currentStock: number } | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  // The message is at the top of the form, the Save button at the bottom: bring it into view, and the focus
  // to the stock field it is about.
  useEffect(() => {
    if (!stockMoved) return;
    conflictRef.current?.scrollIntoView?.({ block: 'start' });
    document.getElementById('p-stock')?.focus({ preventScroll: true });
  }, [stockMoved]);
  const save = useApiMutation(
    (body: ProductBody | ProductUpdate) => {
      const file = body.thumbnail;
      const onUploadProgress = file
        ? (loaded: number, total: number) => setSent((loaded / Math.max(1, total)) * 100)
        : undefined;
      return productId
        ? api.product.update({ params: { id: productId }, body }, { onUploadProgress })
        : api.product.create({ body: body as ProductBody }, { onUploadProgress });
    },
    staleAfter.product,
    // After a stock conflict the lists load again too, so they show the stock as it is now.
    { refreshOnRefusal: true },
  );
  const error =
    invalid ??
    (save.error && !stockConflict(save.error)
      ? errorMessage(save.error, 'The product could not be saved.')
      : null);

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((s) => ({ ...s, [k]: v }));
  /** A text box of the form: named as its field, showing it and changing it. */
  const bind = (k: TextKey) => ({ name: k, value: f[k] ?? '', onValue: (v: string) => set(k, v) });
  const colorById = new Map<string, Color>((colors.data ?? []).map((c) => [c._id, c]));
  const price = finalPrice(Number(f.originalPrice) || 0, Number(f.discountPercentage) || 0);

  /**
   * A stock conflict (409): nothing was saved. The form moves on to the product as it is now: the stock and
   * every field the person had not touched take the current values; the fields they changed keep their edits.
   */
  const continueFrom = (now: Product) => {
    const latest = fromProduct(now);
    setF((edited) => {
      const next = { ...edited, stock: latest.stock };
      for (const k of Object.keys(latest) as (keyof FormState)[]) {
        if (JSON.stringify(edited[k]) === JSON.stringify(start[k])) Object.assign(next, { [k]: latest[k] });
      }
      return next;
    });
    setStart(latest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { input, error: problem } = toProductInput(f);
    if (!input) {
      setInvalid(problem ?? 'Please check the form.');
      return;
    }
    // An update sends only what changed. (A product loaded with values this form would refuse cannot be
    // compared: it sends everything, its stock still compare-and-set.)
    const loaded = editing ? toProductInput(start).input : undefined;
    const body: ProductBody | ProductUpdate = loaded
      ? productChanges(loaded, input)
      : editing
        ? { ...input, expectedStock: Number(start.stock) }
        : input;
    const file = thumb[0];
    if (file) body.thumbnail = { blob: file, name: file.name };
    setInvalid(null);
    setStockMoved(null);
    if (Object.keys(body).length === 0) {
      toast.info('No changes to save.');
      allowLeave();
      navigate(paths.products);
      return;
    }
    setSent(file ? 0 : null);
    save.mutate(body, {
      onSuccess: (reply) => {
        toast.reply(reply, editing ? 'Product updated.' : 'Product created.');
        allowLeave();
        navigate(paths.products);
      },
      onError: (err) => {
        const conflict = stockConflict(err);
        if (!conflict) return;
        setStockMoved(conflict);
        continueFrom(conflict.product);
      },
      onSettled: () => setSent(null),
    });
  };

  return (
    <>
      <PageHeader title={editing ? 'Edit Product' : 'Add Product'} subtitle={editing ? f.name : undefined} />
      <form className="panel form form-wide" onSubmit={submit} noValidate>
        <FormError error={error} />
        {stockMoved && (
          <div
            ref={conflictRef}
            className="form-error form-conflict"
            role="alert"
            data-testid="stock-conflict"
          >
            <strong>{stockChangedText(stockMoved)}</strong>
            <span>
              Nothing was saved. The form now shows the current stock ({stockMoved.currentStock}); enter the
              stock again if it still needs changing, then save. Your other changes are kept.
            </span>
          </div>
        )}
        <fieldset className="form-section">
          <legend>Product</legend>
          <div className="grid-2">
            <TextField id="p-name" label="Name" {...bind('name')} />
            <FormField id="p-slug" label="Slug">
              <input id="p-slug" name="slug" value={slugify(f.name)} readOnly className="readonly" />
            </FormField>
            <TextField id="p-sku" label="SKU" {...bind('sku')} />
            <TextField id="p-brand" label="Brand" {...bind('brand')} />
            <FormField id="p-category" label="Category">
              <select
                id="p-category"
                name="categoryId"
                value={f.categoryId}
                onChange={(e) => set('categoryId', e.target.value)}
              >
                <option value="">Select a category</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                    {c.status ? '' : ' (inactive)'}
                  </option>
                ))}
              </select>
            </FormField>
            <TextField
              id="p-stock"
              label="Stock Quantity"
              type="number"
              min={0}
              step={1}
              {...bind('stock')}
            />
            <TextField
              id="p-weight"
              label="Weight (g)"
              type="number"
              min={1}
              max={MAX_WEIGHT_GRAMS}
              step={1}
              aria-describedby="p-weight-hint"
              hint="The packed parcel, for the shipping rates by weight (a variant may have its own). Empty: not weighed, the lightest rate."
              {...bind('weightGrams')}
            />
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Price</legend>
          <div className="grid-3">
            <TextField
              id="p-original"
              label="Original Price (₹)"
              type="number"
              min={0}
              step="0.01"
              {...bind('originalPrice')}
            />
            <TextField
              id="p-discount"
              label="Discount Percentage"
              type="number"
              min={0}
              max={100}
              step="0.01"
              {...bind('discountPercentage')}
            />
            <FormField id="p-final" label="Final Price (₹)">
              <input
                id="p-final"
                name="finalPrice"
                value={String(price)}
                readOnly
                className="readonly strong"
              />
              <span className="hint">{formatINR(price)}, from the original price and discount.</span>
            </FormField>
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Options</legend>
          <div className="grid-2">
            <FormField id="p-colors" label="Colors">
              <select
                id="p-colors"
                name="colors"
                multiple
                size={Math.min(8, Math.max(4, colors.data?.length ?? 4))}
                value={f.colors.map((c) => c._id)}
                onChange={(e) => {
                  const ids = [...e.target.selectedOptions].map((o) => o.value);
                  set(
                    'colors',
                    ids.map((id) => f.colors.find((c) => c._id === id) ?? { _id: id, priceAdj: '0' }),
                  );
                }}
              >
                {(colors.data ?? []).map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                    {c.status ? '' : ' (inactive)'}
                  </option>
                ))}
              </select>
              <span className="hint">Ctrl-click (⌘-click on a Mac) to choose several.</span>
            </FormField>
            <div className="field">
              <span className="field-label">Colour price adjustments</span>
              {f.colors.length === 0 ? (
                <span className="muted">No colours chosen.</span>
              ) : (
                <div className="option-rows">
                  {f.colors.map((c, i) => {
                    const color = colorById.get(c._id);
                    return (
                      <div key={c._id} className="option-row">
                        <span className="chip">
                          <span
                            className="swatch swatch-sm"
                            style={{ background: color?.hexcode ?? '#ccc' }}
                            aria-hidden="true"
                          />
                          {color?.name ?? `Colour ${c._id}`}
                        </span>
                        <input
                          type="number"
                          step="0.01"
                          aria-label={`Price adjustment for ${color?.name ?? c._id} (₹)`}
                          value={c.priceAdj}
                          onChange={(e) =>
                            set(
                              'colors',
                              f.colors.map((x, j) => (j === i ? { ...x, priceAdj: e.target.value } : x)),
                            )
                          }
                        />
                      </div>
                    );
                  })}
                </div>
              )}
            </div>
          </div>
          <div className="field">
            <span className="field-label">Memory options</span>
            <div className="option-rows">
              {f.memory.map((m, i) => (
                <div key={i} className="option-row">
                  <input
                    type="number"
                    min={1}
                    step={1}
                    aria-label={`Memory option ${i + 1} size (GB)`}
                    placeholder="GB"
                    value={m.gb}
                    onChange={(e) =>
                      set(
                        'memory',
                        f.memory.map((x, j) => (j === i ? { ...x, gb: e.target.value } : x)),
                      )
                    }
                  />
                  <span className="muted">GB</span>
                  <input
                    type="number"
                    step="0.01"
                    aria-label={`Memory option ${i + 1} price adjustment (₹)`}
                    placeholder="Price adjustment ₹"
                    value={m.adj}
                    onChange={(e) =>
                      set(
                        'memory',
                        f.memory.map((x, j) => (j === i ? { ...x, adj: e.target.value } : x)),
                      )
                    }
                  />
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Remove memory option ${i + 1}`}
                    onClick={() =>
                      set(
                        'memory',
                        f.memory.filter((_, j) => j !== i),
                      )
                    }
                  >
                    ×
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => set('memory', [...f.memory, { gb: '', adj: '0' }])}
              >
                Add memory option
              </button>
            </div>
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Media and text</legend>
          <div className="grid-2">
            <div>
              {current?.thumbnail && (
                <div className="field">
                  <span className="field-label">Current thumbnail</span>
                  <SafeImage
                    className="current-image"
                    src={imageSrc('product', current.thumbnail, 'sm')}
                    alt={f.name}
                  />
                </div>
              )}
              <FileField label="Thumbnail" name="thumbnail" files={thumb} onChange={setThumb} />
              {sent !== null && <ProgressBar value={sent} label="Thumbnail upload" small />}
            </div>
            <TextField
              id="p-video"
              label="Video URL"
              type="url"
              placeholder="https://"
              {...bind('videoUrl')}
            />
            <TextField
              id="p-hsn"
              label="HSN code"
              inputMode="numeric"
              maxLength={8}
              aria-describedby="p-tax-hint"
              {...bind('hsnCode')}
            />
            <FormField id="p-gst-rate" label="GST rate">
              <select
                id="p-gst-rate"
                name="gstRate"
                aria-describedby="p-tax-hint"
                value={f.gstRate ?? ''}
                onChange={(e) => set('gstRate', e.target.value)}
              >
                <option value="">The category's</option>
                {gstRateChoices(f.gstRate).map((r) => (
                  <option key={r} value={String(r)}>
                    {r} %
                  </option>
                ))}
              </select>
              <span className="hint" id="p-tax-hint">
                Empty: the category's HSN code and rate (Tax screen) print on this product's invoices.
                {current?.tax &&
                  ` Now: ${current.tax.applies.hsnCode || 'no HSN code'}, ${current.tax.applies.gstRate} %.`}
              </span>
            </FormField>
          </div>
          <TextAreaField id="p-short" label="Short Description" rows={2} {...bind('shortDescription')} />
          <TextAreaField id="p-long" label="Long Description" rows={6} {...bind('longDescription')} />
        </fieldset>

        <FormActions busy={save.isPending} label="Save" busyLabel="Saving…" sticky>
          <Link to={paths.products} className="btn btn-ghost">
            Go Back
          </Link>
        </FormActions>
      </form>
      {current && <VariantMatrix product={current} />}
      {current && <StockTrail productId={current._id} />}
    </>
  );
}
