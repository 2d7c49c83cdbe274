import { formatINR } from '@voltcart/shared';
import { freeShippingText, useShopClaims } from '../../lib/shop-info';
import { CheckIcon, TruckIcon } from '../ui/icons';

/**
 * The promises under the header: free shipping from the shop's threshold, then the texts staff keep in
 * Settings (each one a promise the shop keeps; none hard-coded here).
 */
export function PromoStrip() {
  const claims = useShopClaims();
  const shipping = freeShippingText(claims.freeShippingThreshold, formatINR);
  return (
    <section className="promo-strip" aria-label="Shop promises">
      <ul className="container promo-strip__list">
        {shipping && (
          <li>
            <TruckIcon />
            <span>{shipping}</span>
          </li>
        )}
        {claims.promises.map((text, i) => (
          <li key={`${i}-${text}`}>
            <CheckIcon />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
