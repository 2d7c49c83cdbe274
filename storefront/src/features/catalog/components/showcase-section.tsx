import { useQueries } from '@tanstack/react-query';
import type { Category } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { ProductCard } from '../../../components/product-card';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { queries } from '../../../lib/queries';

export interface Showcase {
  title: string;
  /**
   * What the section is made of, in order: each part is the first category (switched on) whose name or slug
   * matches, else a search. "Audios & Cameras" shows audio and cameras, not the first of them only.
   */
  parts: { match: RegExp; q: string; label: string }[];
  blurb: string;
  tone: 'blue' | 'violet' | 'amber' | 'green' | 'slate';
}

/** The home page's themed sections (their titles are the shop's original ones); each shows 4 products. */
export const SHOWCASES: Showcase[] = [
  {
    title: 'Top Cellphones & Tablets',
    parts: [
      { match: /phone|mobile/i, q: 'phone', label: 'phones' },
      { match: /tablet/i, q: 'tablet', label: 'tablets' },
    ],
    blurb: 'Flagships, foldables and everyday phones',
    tone: 'blue',
  },
  {
    title: 'Best Laptops & Computers',
    parts: [{ match: /laptop|computer|notebook|desktop/i, q: 'laptop', label: 'laptops' }],
    blurb: 'Thin, light and built for work or play',
    tone: 'violet',
  },
  {
    title: 'Audios & Cameras',
    parts: [
      { match: /audio|headphone|earbud|speaker/i, q: 'audio', label: 'audio' },
      { match: /camera/i, q: 'camera', label: 'cameras' },
    ],
    blurb: 'Hear and capture every detail',
    tone: 'amber',
  },
  {
    title: 'Gaming',
    parts: [{ match: /gam|console/i, q: 'gaming', label: 'gaming' }],
    blurb: 'Consoles, controllers and gear',
    tone: 'green',
  },
  {
    title: 'Office Equipment',
    parts: [
      { match: /printer|office/i, q: 'printer', label: 'printers' },
      { match: /monitor/i, q: 'monitor', label: 'monitors' },
    ],
    blurb: 'Printers, monitors and desk essentials',
    tone: 'slate',
  },
];

const SECTION_SIZE = 4;

/**
 * The product lists a section shows: for each part, its share of the 4 products (the first parts take the odd
 * one) from its category, else from its search, and where "View all" goes. One shape for the section and the
 * storefront server, which fetches the sections with the home page (src/entry-server.ts), so that they arrive in
 * its HTML.
 */
export function showcaseParts(showcase: Showcase, categories: Category[]) {
  const n = showcase.parts.length;
  return showcase.parts.map((part, i) => {
    const category = categories.find(
      (c) => c.status !== false && (part.match.test(c.name) || part.match.test(c.slug)),
    );
    const limit = Math.floor(SECTION_SIZE / n) + (i < SECTION_SIZE % n ? 1 : 0);
    return {
      label: part.label,
      params: category ? { categorySlug: category.slug, limit } : { q: part.q, limit },
      viewAll: category
        ? paths.storeCategory.to(category.slug)
        : paths.store.to(`q=${encodeURIComponent(part.q)}`),
    };
  });
}

type Part = ReturnType<typeof showcaseParts>[number];

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
  const parts = showcaseParts(showcase, categories);
  const titleId = `showcase-${showcase.parts[0]!.q}`;
  const single = parts.length === 1 ? parts[0]! : null;

  return (
    <section className="home-section showcase" aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId} className="section-title">
          {showcase.title}
        </h2>
        {single && (
          <Link to={single.viewAll} className="section-link">
            View all <ChevronRightIcon size={16} />
          </Link>
        )}
      </div>
      <div className="showcase__row">
        {single ? (
          <Link to={single.viewAll} className={`showcase__promo tone-${showcase.tone}`}>
            <span className="showcase__promo-title">{showcase.title}</span>
            <span className="showcase__promo-text">{showcase.blurb}</span>
            <span className="showcase__promo-cta">Shop now</span>
          </Link>
        ) : (
          <div className={`showcase__promo tone-${showcase.tone}`}>
            <span className="showcase__promo-title">{showcase.title}</span>
            <span className="showcase__promo-text">{showcase.blurb}</span>
            <span className="showcase__promo-links">
              {parts.map((p) => (
                <Link key={p.label} to={p.viewAll} className="showcase__promo-cta">
                  Shop {p.label}
                </Link>
              ))}
            </span>
          </div>
        )}
        <ShowcaseProducts parts={parts} ready={ready} />
      </div>
    </section>
  );
}

/** The section's cards: each part's products in turn, in one grid. */
function ShowcaseProducts({ parts, ready }: { parts: Part[]; ready: boolean }) {
  // Kept out of the catalogue's shared hooks: useQueries is only the home page's to load.
  const results = useQueries({ queries: ready ? parts.map((p) => queries.products(p.params)) : [] });
  const products = results.flatMap((r) => r.data?.products ?? []);
  const answered = results.every((r) => r.data);
  if (products.length > 0)
    return (
      <div className="product-grid product-grid--showcase">
        {products.map((p) => (
          <ProductCard key={p._id} product={p} />
        ))}
      </div>
    );
  return (
    <p className="showcase__empty muted">
      {answered ? 'New arrivals are on their way.' : ''}{' '}
      {answered && <Link to={paths.store.to()}>Browse the whole store</Link>}
    </p>
  );
}
