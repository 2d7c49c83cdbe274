import type { Category } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { ProductCard } from '../../../components/product-card';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useProducts } from '../api';

export interface Showcase {
  title: string;
  /** Matches category names or slugs that belong to this section. */
  match: RegExp;
  /** Search term used when no category matches. */
  q: string;
  blurb: string;
  tone: 'blue' | 'violet' | 'amber' | 'green' | 'slate';
}

/** The home page's themed sections; each shows 4 products of its category (or search). */
export const SHOWCASES: Showcase[] = [
  {
    title: 'Top Cellphones & Tablets',
    match: /phone|mobile|tablet/i,
    q: 'phone',
    blurb: 'Flagships, foldables and everyday phones',
    tone: 'blue',
  },
  {
    title: 'Best Laptops & Computers',
    match: /laptop|computer|notebook|desktop/i,
    q: 'laptop',
    blurb: 'Thin, light and built for work or play',
    tone: 'violet',
  },
  {
    title: 'Audios & Cameras',
    match: /audio|headphone|earbud|speaker|camera/i,
    q: 'audio',
    blurb: 'Hear and capture every detail',
    tone: 'amber',
  },
  {
    title: 'Gaming',
    match: /gam|console/i,
    q: 'gaming',
    blurb: 'Consoles, controllers and gear',
    tone: 'green',
  },
  {
    title: 'Office Equipment',
    match: /office|printer|monitor/i,
    q: 'office',
    blurb: 'Printers, monitors and desk essentials',
    tone: 'slate',
  },
];

/**
 * The product list a section shows: 4 products of the first category (switched on) whose name or slug
 * matches, else of its search. One shape for the section and the storefront server, which fetches the
 * sections with the home page (src/entry-server.ts), so that they arrive in its HTML.
 */
export function showcaseParams(showcase: Showcase, categories: Category[]) {
  const category = categories.find(
    (c) => c.status !== false && (showcase.match.test(c.name) || showcase.match.test(c.slug)),
  );
  return {
    category,
    params: category ? { categorySlug: category.slug, limit: 4 } : { q: showcase.q, limit: 4 },
  };
}

/**
 * One themed section. Its products are asked for as soon as the categories are known (not when scrolled
 * near): a section that filled itself on approach made the page taller while it was being scrolled.
 */
export function ShowcaseSection({
  showcase,
  categories,
  ready,
}: {
  showcase: Showcase;
  categories: Category[];
  /** The categories have arrived (or failed): the section knows what to show. */
  ready: boolean;
}) {
  const { category, params } = showcaseParams(showcase, categories);
  const { data } = useProducts(ready ? params : null);
  const products = data?.products ?? [];
  const viewAll = category
    ? paths.storeCategory.to(category.slug)
    : paths.store.to(`q=${encodeURIComponent(showcase.q)}`);
  const titleId = `showcase-${showcase.q}`;

  return (
    <section className="home-section showcase" aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId} className="section-title">
          {showcase.title}
        </h2>
        <Link to={viewAll} className="section-link">
          View all <ChevronRightIcon size={16} />
        </Link>
      </div>
      <div className="showcase__row">
        <Link to={viewAll} className={`showcase__promo tone-${showcase.tone}`}>
          <span className="showcase__promo-title">{showcase.title}</span>
          <span className="showcase__promo-text">{showcase.blurb}</span>
          <span className="showcase__promo-cta">Shop now</span>
        </Link>
        {products.length > 0 ? (
          <div className="product-grid product-grid--showcase">
            {products.map((p) => (
              <ProductCard key={p._id} product={p} />
            ))}
          </div>
        ) : (
          <p className="showcase__empty muted">
            {data ? 'New arrivals are on their way.' : ''}{' '}
            {data && <Link to={paths.store.to()}>Browse the whole store</Link>}
          </p>
        )}
      </div>
    </section>
  );
}
