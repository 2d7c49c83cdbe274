import { useQuery } from '@tanstack/react-query';
import { formatINR } from '@voltcart/shared';
import { queries } from '../../lib/queries';
import { RefundIcon, ShieldIcon, TruckIcon } from '../ui/icons';

/** The three promises under the header; the free-shipping threshold comes from the shop settings. */
export function PromoStrip() {
  const threshold = useQuery(queries.settings()).data?.freeShippingThreshold;
  return (
    <section className="promo-strip" aria-label="Shop promises">
      <ul className="container promo-strip__list">
        <li>
          <TruckIcon />
          <span>
            {threshold == null
              ? 'Free shipping on big orders'
              : threshold > 0
                ? `Free shipping over ${formatINR(threshold)}`
                : 'Free shipping on every order'}
          </span>
        </li>
        <li>
          <RefundIcon />
          <span>30 days money back</span>
        </li>
        <li>
          <ShieldIcon />
          <span>100% secure payment</span>
        </li>
      </ul>
    </section>
  );
}
