import { ProductCard } from '../../../components/product-card';
import { Loading } from '../../../components/ui/spinner';
import { useBestSellers } from '../api';

/**
 * The BEST SELLER strip: what sold most in the last 30 days, by units (the API's). When nothing sold lately
 * the API sends the largest savings instead, and the strip says so ("Biggest savings"), never "best seller".
 */
export function BestSellers() {
  const { data, loading } = useBestSellers();
  const products = data?.products ?? [];
  const sales = data?.basis !== 'discount';
  return (
    <section className="home-section" aria-labelledby="best-seller-title">
      <div className="section-head">
        <h2 id="best-seller-title" className="section-title">
          {sales ? 'BEST SELLER' : 'Biggest savings'}
        </h2>
      </div>
      {loading ? (
        <Loading />
      ) : products.length === 0 ? (
        <p className="muted">No products to show yet.</p>
      ) : (
        <div className="product-grid product-grid--strip">
          {products.slice(0, 5).map((p) => (
            <ProductCard key={p._id} product={p} showSave />
          ))}
        </div>
      )}
    </section>
  );
}
