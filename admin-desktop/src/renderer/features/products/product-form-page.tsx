import { useQuery } from '@tanstack/react-query';
import type { Product } from '@voltcart/shared';
import { Link, useParams } from 'react-router-dom';
import { FormError } from '../../components/catalog-form';
import { FormActions } from '../../components/form-field';
import { ObjectHistory } from '../../components/object-history';
import { LoadForEdit } from '../../components/query-states';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { queries } from '../../lib/queries';
import { ProductDetailsSection, ProductPriceSection } from './product-details-section';
import { ProductMediaSection } from './product-media-section';
import { ProductOptionsSection } from './product-options-section';
import { stockChangedText } from './product-save';
import { StockTrail } from './stock-trail';
import { useProductSave } from './use-product-save';
import { VariantMatrix } from './variant-matrix';

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
  const { fields, thumb, setThumb, sent, error, stockMoved, conflictRef, submit, busy } = useProductSave(
    productId,
    current,
  );
  return (
    <>
      <PageHeader
        title={editing ? 'Edit Product' : 'Add Product'}
        subtitle={editing ? fields.f.name : undefined}
      />
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
        <ProductDetailsSection {...fields} />
        <ProductPriceSection {...fields} />
        <ProductOptionsSection {...fields} />
        <ProductMediaSection {...fields} current={current} thumb={thumb} onThumb={setThumb} sent={sent} />
        <FormActions busy={busy} label="Save" busyLabel="Saving…" sticky>
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
