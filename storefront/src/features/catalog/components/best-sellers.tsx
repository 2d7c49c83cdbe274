import { ProductCard } from '../../../components/product-card';
import { Loading } from '../../../components/ui/spinner';
import { useBestSellers } from '../api';

/** BEST SELLER strip: the API's top 5 by discount, each with its SAVE badge. */
export function BestSellers() {
  const { data, loading } = useBestSellers();
  const products = data ?? [];
  return (
    <section className="home-section" aria-labelledby="best-seller-title">
      <div className="section-head">
        <h2 id="best-seller-title" className="section-title">
          BEST SELLER
        </h2>
      </div>
      {loading ? (
        <Loading />
      ) : products.length === 0 ? (
        <p className="muted">No best sellers available.</p>
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
