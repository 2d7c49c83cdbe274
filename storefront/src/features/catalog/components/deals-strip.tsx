import { useQuery } from '@tanstack/react-query';
import { type Deal, shopDayTime } from '@voltcart/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { queries } from '../../../lib/queries';

/** "2 days 4 h left", "3 h 20 min left", "12 min left"; null once ended. */
function timeLeft(endsAt: string, now: number): string | null {
  const ms = Date.parse(endsAt) - now;
  if (ms <= 0) return null;
  const min = Math.floor(ms / 60_000);
  const days = Math.floor(min / 1440);
  const hours = Math.floor((min % 1440) / 60);
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} ${hours} h left`;
  if (hours > 0) return `${hours} h ${min % 60} min left`;
  return `${Math.max(1, min)} min left`;
}

/**
 * "Deals of the day": the deals staff run now (automatic offers with an end they set), each with its true end
 * and the time left, linking to what it is for. Nothing at all when no deal runs: no countdown of its own.
 */
export function DealsStrip() {
  const deals = useQuery(queries.deals()).data ?? [];
  // The time left is the browser's (the server's page shows the end itself): ticks every minute.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  const running = deals.filter((d) => now === null || Date.parse(d.endsAt) > now);
  if (!running.length) return null;
  return (
    <section className="home-section deals" aria-labelledby="deals-title">
      <div className="section-head">
        <h2 id="deals-title" className="section-title">
          Deals of the day
        </h2>
      </div>
      <ul className="deals__list">
        {running.map((d) => (
          <li key={d._id} className="deal card" data-testid="deal">
            <p className="deal__offer">{d.offer}</p>
            <h3 className="deal__name">
              <Link to={dealLink(d)}>{d.name}</Link>
            </h3>
            <p className="deal__end">
              Offer ends <time dateTime={d.endsAt}>{shopDayTime(new Date(d.endsAt), new Date())}</time>
              {now !== null && <span className="muted"> · {timeLeft(d.endsAt, now)}</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A deal for one product opens it; any other opens the store. */
function dealLink(d: Deal): string {
  return d.productIds.length === 1 ? paths.product.to(d.productIds[0]!) : paths.store.to();
}
