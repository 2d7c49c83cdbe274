import { Link } from 'react-router-dom';
import { ChevronRightIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { categoryImage } from '../../lib/images';
import { useTitle } from '../../lib/use-title';
import { useCategories } from './api';
import { BestSellers } from './components/best-sellers';
import { CategoryList } from './components/category-list';
import { DealsStrip } from './components/deals-strip';
import { HeroArt } from './components/hero-art';
import { SHOWCASES, ShowcaseSection } from './components/showcase-section';
import './catalog.css';

const BRANDS = ['Apple', 'Samsung', 'OnePlus', 'Sony', 'Xiaomi', 'Lenovo', 'HP', 'boAt', 'JBL', 'Canon'];

export function HomePage() {
  useTitle('Electronics Store');
  const { data: categories, loading: categoriesLoading } = useCategories();
  const top = [...categories]
    .filter((c) => c.status !== false)
    .sort((a, b) => (b.productCount ?? 0) - (a.productCount ?? 0))
    .slice(0, 6);

  return (
    <div className="container home">
      <div className="home__top">
        <aside className="home__categories card" aria-label="Shop by category">
          <h2 className="home__categories-title">All Categories</h2>
          {categories.length > 0 ? (
            <CategoryList categories={categories} withAll={false} />
          ) : (
            <p className="muted">Categories are loading…</p>
          )}
        </aside>
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero__copy">
            <p className="hero__eyebrow">New season</p>
            <h1 id="hero-title" className="hero__title">
              The latest tech,
              <br />
              delivered to your door
            </h1>
            <p className="hero__text">
              Phones, laptops, audio and gaming from brands you trust — pay online or in cash when it arrives.
            </p>
            <div className="hero__actions">
              <Link to={paths.store.to()} className="btn btn--accent btn--lg">
                Shop now
              </Link>
              <Link to={paths.about.to()} className="btn btn--ghost-light btn--lg">
                Why Voltcart
              </Link>
            </div>
          </div>
          <HeroArt />
        </section>
      </div>

      <section className="brands" aria-labelledby="brands-title">
        <h2 id="brands-title" className="section-title section-title--small">
          Featured brands
        </h2>
        <ul className="brands__list">
          {BRANDS.map((b) => (
            <li key={b}>
              <Link to={paths.store.to(`q=${encodeURIComponent(b)}`)} className="brands__item">
                {b}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {top.length > 0 && (
        <section className="home-section" aria-labelledby="top-cats-title">
          <div className="section-head">
            <h2 id="top-cats-title" className="section-title">
              Top categories
            </h2>
            <Link to={paths.store.to()} className="section-link">
              All products <ChevronRightIcon size={16} />
            </Link>
          </div>
          <ul className="top-categories">
            {top.map((c) => {
              const img = categoryImage(c.Image);
              return (
                <li key={c._id}>
                  <Link to={paths.storeCategory.to(c.slug)} className="top-category">
                    <span className="top-category__img">
                      {img ? (
                        <img src={img} alt="" width={96} height={96} loading="lazy" decoding="async" />
                      ) : (
                        <span aria-hidden="true">{c.name.slice(0, 1)}</span>
                      )}
                    </span>
                    <span className="top-category__name">{c.name}</span>
                    <span className="top-category__count">
                      {c.productCount} {c.productCount === 1 ? 'product' : 'products'}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <DealsStrip />

      <BestSellers />

      {SHOWCASES.map((s) => (
        <ShowcaseSection key={s.title} showcase={s} categories={categories} ready={!categoriesLoading} />
      ))}
    </div>
  );
}
