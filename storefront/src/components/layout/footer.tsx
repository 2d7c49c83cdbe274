import { errorMessage } from '@voltcart/api-client/errors';
import { SHOP_PAGE_TITLES, SHOP_PAGES } from '@voltcart/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { SHOP_INFO, useShopClaims } from '../../lib/shop-info';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon, XIcon, YoutubeIcon } from '../ui/icons';
import { Logo } from './logo';

const FIND_IT_FAST = [
  { label: 'Smartphones', q: 'phone' },
  { label: 'Laptops', q: 'laptop' },
  { label: 'Headphones & Audio', q: 'audio' },
  { label: 'Cameras', q: 'camera' },
  { label: 'Gaming', q: 'gaming' },
  { label: 'Smart Watches', q: 'watch' },
];

const SOCIAL = [
  { label: 'Voltcart on Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { label: 'Voltcart on Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { label: 'Voltcart on X', href: 'https://x.com/', Icon: XIcon },
  { label: 'Voltcart on YouTube', href: 'https://www.youtube.com/', Icon: YoutubeIcon },
];

const PAYMENTS = ['VISA', 'Mastercard', 'RuPay', 'UPI', 'Net Banking', 'COD'];

export function Footer() {
  const { supportHours } = useShopClaims();
  // Its code comes after the page's: public/boot.js holds a click in it until then (`data-later`).
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.removeAttribute('data-later');
    dispatchEvent(new Event('vc:app'));
  }, []);
  return (
    <footer className="site-footer" ref={ref} data-later="">
      <Newsletter />
      <div className="container site-footer__grid">
        <section className="site-footer__col site-footer__contact" aria-labelledby="footer-contact">
          <Logo light />
          <h2 id="footer-contact" className="visually-hidden">
            Get in touch
          </h2>
          <p className="site-footer__hotline">
            <PhoneIcon />
            <span>
              <small>Got questions? Call our hotline ({supportHours})</small>
              <a href={SHOP_INFO.hotlineHref}>{SHOP_INFO.hotline}</a>
            </span>
          </p>
          <p>
            <PinIcon />
            <span>{SHOP_INFO.address}</span>
          </p>
          <p>
            <MailIcon />
            <a href={`mailto:${SHOP_INFO.mail}`}>{SHOP_INFO.mail}</a>
          </p>
          <ul className="social" aria-label="Follow us">
            {SOCIAL.map(({ label, href, Icon }) => (
              <li key={label}>
                <a href={href} aria-label={label} target="_blank" rel="noopener noreferrer">
                  <Icon size={18} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav className="site-footer__col" aria-labelledby="footer-find">
          <h2 id="footer-find">Find it fast</h2>
          <ul>
            {FIND_IT_FAST.map((l) => (
              <li key={l.label}>
                <Link to={paths.store.to(`q=${encodeURIComponent(l.q)}`)}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li>
              <Link to={paths.store.to()}>All products</Link>
            </li>
            <li>
              <Link to={paths.store.to('q=gaming')}>Gaming zone</Link>
            </li>
            <li>
              <Link to={paths.about.to()}>Our story</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-care">
          <h2 id="footer-care">Customer care</h2>
          <ul>
            <li>
              <Link to={paths.profile.to()}>My account</Link>
            </li>
            <li>
              <Link to={paths.profile.to()}>Order tracking</Link>
            </li>
            <li>
              <Link to={paths.myAddress.to()}>Saved addresses</Link>
            </li>
            {SHOP_PAGES.map((slug) => (
              <li key={slug}>
                <Link to={paths.shopPage.to(slug)}>{SHOP_PAGE_TITLES[slug]}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>© {new Date().getFullYear()} Voltcart. All prices in ₹ and inclusive of GST.</p>
          <ul className="payments" aria-label="Payment methods we accept">
            {PAYMENTS.map((p) => (
              <li
                key={p}
                className={`payments__logo payments__logo--${p.toLowerCase().replace(/\s+/g, '-')}`}
              >
                {p}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

type NewsletterState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' | 'error'; msg: string };

/** Newsletter sign-up: POST /newsletter/subscribe with feedback below the field. */
function Newsletter() {
  // The sign-up mails a single-use code for a first order when the shop offers one (its settings).
  const offer = useShopClaims().newsletterCodePercent;
  const [state, setState] = useState<NewsletterState>({ kind: 'idle' });
  const inputId = useId();
  const statusId = useId();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Read from the field (not kept in state): an address typed before the footer's code arrived counts.
    const form = e.currentTarget;
    const value = String(new FormData(form).get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setState({ kind: 'error', msg: 'Please enter a valid email address.' });
      return;
    }
    setState({ kind: 'sending' });
    try {
      // A write that no cached read shows: a plain call, no mutation cache.
      const reply = await api.newsletter.subscribe({ body: { email: value } });
      setState({ kind: 'done', msg: reply.msg || 'Thanks! You are subscribed.' });
      form.reset();
    } catch (err) {
      setState({ kind: 'error', msg: errorMessage(err, 'We could not sign you up. Please try again.') });
    }
  };

  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <div className="container newsletter__inner">
        <div className="newsletter__copy">
          <MailIcon size={32} />
          <div>
            <h2 id="newsletter-title">Sign up to Newsletter</h2>
            <p>
              {offer > 0
                ? `…and get ${offer}% off your first order, then hear first about new products and offers`
                : '…and hear first about new products and offers'}
            </p>
          </div>
        </div>
        <form className="newsletter__form" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            Newsletter sign-up address
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            placeholder="Enter your e-mail address"
            autoComplete="email"
            aria-describedby={statusId}
            aria-invalid={state.kind === 'error'}
          />
          <button type="submit" className="btn btn--dark" disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? 'Signing up…' : 'Sign Up'}
          </button>
          <p
            id={statusId}
            className={`newsletter__status ${state.kind === 'error' ? 'is-error' : ''}`}
            role={state.kind === 'error' ? 'alert' : 'status'}
          >
            {state.kind === 'done' || state.kind === 'error' ? state.msg : ''}
          </p>
        </form>
      </div>
    </section>
  );
}
