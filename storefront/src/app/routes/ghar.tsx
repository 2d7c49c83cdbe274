import { formatINR } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { RefundIcon, ShieldIcon, TruckIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { freeShippingText, SHOP_INFO, useShopClaims } from '../../lib/shop-info';
import { useTitle } from '../../lib/use-title';

/** /ghar — the welcome ("about") page. */
function Ghar() {
  useTitle('Welcome');
  const claims = useShopClaims();
  const shipping = freeShippingText(claims.freeShippingThreshold, formatINR);
  return (
    <div className="container about">
      <section className="about__hero">
        <p className="hero__eyebrow">Welcome to Voltcart</p>
        <h1 className="about__title">Honest electronics, delivered across India</h1>
        <p className="about__lead">
          We are a small Bengaluru shop that sells phones, laptops, audio, cameras and gaming gear from brands
          we trust — at fair prices, with real people on the phone when you need help.
        </p>
        <Link to={paths.store.to()} className="btn btn--accent btn--lg">
          Start shopping
        </Link>
      </section>
      <ul className="about__points">
        <li className="card about__point">
          <TruckIcon size={28} />
          <h2>Tracked shipping</h2>
          <p>
            Every order ships from our {SHOP_INFO.shipsFrom.replace('Voltcart ', '')} and is tracked to your
            door.{shipping && ` ${shipping}.`}
          </p>
        </li>
        <li className="card about__point">
          <RefundIcon size={28} />
          <h2>Cash on delivery</h2>
          <p>Pay in cash when your order arrives, or cancel it on your order page before it is shipped.</p>
        </li>
        <li className="card about__point">
          <ShieldIcon size={28} />
          <h2>Secure online payment</h2>
          <p>Pay online through Razorpay (cards, UPI, net banking) or in cash when your order arrives.</p>
        </li>
      </ul>
      <section className="card about__contact" aria-labelledby="about-contact">
        <h2 id="about-contact">Talk to us</h2>
        <p>
          Call <a href={SHOP_INFO.hotlineHref}>{SHOP_INFO.hotline}</a> ({claims.supportHours}) or write to{' '}
          <a href={`mailto:${SHOP_INFO.mail}`}>{SHOP_INFO.mail}</a>.
        </p>
        <p className="muted">{SHOP_INFO.address}</p>
      </section>
    </div>
  );
}

export const Component = Ghar;
