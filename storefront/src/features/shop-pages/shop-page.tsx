import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import { isShopPage, pageBlocks, type ShopPage } from '@voltcart/shared';
import { useLocation } from 'react-router-dom';
import { Loading } from '../../components/ui/spinner';
import { queries } from '../../lib/queries';
import { SHOP_INFO, useShopClaims } from '../../lib/shop-info';
import { useTitle } from '../../lib/use-title';
import './shop-pages.css';

/** /terms, /privacy, /shipping, /returns and /contact: the texts staff write in Settings → Shop pages. */
export function ShopPageView() {
  const slug = useLocation()
    .pathname.replace(/^\/|\/$/g, '')
    .toLowerCase();
  const known = isShopPage(slug) ? slug : 'terms';
  const page = useQuery(queries.shopPage(known));
  useTitle(page.data?.title ?? 'Shop information');
  if (page.error) {
    return (
      <div className="container page-message" role="alert">
        <p>{errorMessage(page.error, 'This page could not be loaded.')}</p>
      </div>
    );
  }
  if (!page.data) return <Loading label="Loading the page" />;
  return (
    <article className="container shop-page">
      <h1 className="page-title">{page.data.title}</h1>
      <PageText body={page.data.body} />
      {page.data.slug === 'contact' && <ContactDetails officer={page.data.officer ?? null} />}
      {page.data.updatedAt && (
        <p className="muted shop-page__updated">
          Last updated{' '}
          {new Date(page.data.updatedAt).toLocaleDateString('en-IN', {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            timeZone: 'Asia/Kolkata',
          })}
        </p>
      )}
    </article>
  );
}

/** A page's plain text as headings, paragraphs and lists (never read as markup). */
function PageText({ body }: { body: string }) {
  return (
    <div className="shop-page__text">
      {pageBlocks(body).map((b, i) =>
        b.kind === 'heading' ? (
          <h2 key={i}>{b.text}</h2>
        ) : b.kind === 'list' ? (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{b.text}</p>
        ),
      )}
    </div>
  );
}

function ContactDetails({ officer }: { officer: ShopPage['officer'] }) {
  const { supportHours } = useShopClaims();
  return (
    <div className="shop-page__contact">
      <section className="card" aria-labelledby="contact-support">
        <h2 id="contact-support">Customer care</h2>
        <dl>
          <dt>Phone</dt>
          <dd>
            <a href={SHOP_INFO.hotlineHref}>{SHOP_INFO.hotline}</a> ({supportHours})
          </dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${SHOP_INFO.mail}`}>{SHOP_INFO.mail}</a>
          </dd>
          <dt>Address</dt>
          <dd>{SHOP_INFO.address}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="contact-grievance">
        <h2 id="contact-grievance">Grievance officer</h2>
        {officer ? (
          <dl>
            <dt>Name</dt>
            <dd>{officer.name}</dd>
            <dt>Address</dt>
            <dd>{officer.address}</dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${officer.email}`}>{officer.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${officer.phone.replace(/[^\d+]/g, '')}`}>{officer.phone}</a>
            </dd>
          </dl>
        ) : (
          <p>
            The shop has not named its grievance officer here yet: write to customer care, who will pass your
            complaint on.
          </p>
        )}
      </section>
    </div>
  );
}
