import { useQuery } from '@tanstack/react-query';
import { finalPrice, MAX_WEIGHT_GRAMS, slugify } from '@voltcart/shared';
import { FormField, TextField } from '../../components/form-field';
import { formatINR } from '../../lib/format';
import { queries } from '../../lib/queries';
import { CatalogOptions } from './catalog-options';
import type { ProductFields } from './product-form-state';

/** The product's name, codes, category, stock and weight. */
export function ProductDetailsSection({ f, set, bind }: ProductFields) {
  const categories = useQuery(queries.categories());
  return (
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
            <CatalogOptions items={categories.data} />
          </select>
        </FormField>
        <TextField id="p-stock" label="Stock Quantity" type="number" min={0} step={1} {...bind('stock')} />
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
  );
}

/** The original price and discount, and the final price made from them (the shared pricing rule). */
export function ProductPriceSection({ f, bind }: ProductFields) {
  const price = finalPrice(Number(f.originalPrice) || 0, Number(f.discountPercentage) || 0);
  return (
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
          <input id="p-final" name="finalPrice" value={String(price)} readOnly className="readonly strong" />
          <span className="hint">{formatINR(price)}, from the original price and discount.</span>
        </FormField>
      </div>
    </fieldset>
  );
}
