import { useQuery } from '@tanstack/react-query';
import { formatINR } from '@voltcart/shared';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { productImage } from '../../lib/images';
import { queries } from '../../lib/queries';
import { SearchIcon } from '../ui/icons';

/** Suggestions wait this long after the last key (one request per pause, not per key). */
const SUGGEST_DELAY_MS = 200;
/** Fewer characters than this ask for nothing. */
const MIN_CHARS = 2;

interface Option {
  id: string;
  to: string;
  kind: 'product' | 'category' | 'brand';
  label: string;
  detail?: string;
  thumbnail?: string;
}

/**
 * The header search with suggestions while typing (a combobox, WAI-ARIA 1.2 pattern):
 * - after a pause of SUGGEST_DELAY_MS, up to 5 products (picture, price), matching categories and brands
 * - ArrowDown/ArrowUp move through them, Enter opens the one chosen (or searches the text), Escape closes
 * - the list drops below the field at every width, the phone layout included
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const location = useLocation();
  const onStore = location.pathname.startsWith('/store');
  const urlQuery = onStore ? (params.get('q') ?? '') : '';
  const [q, setQ] = useState(urlQuery);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();

  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setQ(urlQuery), [urlQuery]);
  // Leaving the page closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  // Text typed into the server-rendered field before the page's code took it over (the app starts after the
  // page has loaded: public/boot.js). After the effect above, which would otherwise close its list on mount.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page hydrates
  useEffect(() => {
    const field = input.current;
    if (!field || field.value === urlQuery) return;
    setQ(field.value);
    setOpen(document.activeElement === field);
  }, []);
  useEffect(() => {
    const t = setTimeout(() => setTyped(q.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(t);
  }, [q]);

  const wanted = open && typed.length >= MIN_CHARS;
  const suggestions = useQuery({ ...queries.suggest(typed), enabled: wanted });
  const data = wanted ? suggestions.data : undefined;
  const options: Option[] = data
    ? [
        ...data.products.map((p) => ({
          id: `p-${p._id}`,
          to: paths.product.to(p.slug || p._id),
          kind: 'product' as const,
          label: p.name,
          detail: formatINR(p.finalPrice),
          thumbnail: p.thumbnail,
        })),
        ...data.categories.map((c) => ({
          id: `c-${c.slug}`,
          to: paths.storeCategory.to(c.slug),
          kind: 'category' as const,
          label: c.name,
          detail: 'Category',
        })),
        ...data.brands.map((b) => ({
          id: `b-${b}`,
          to: paths.store.to(`brand=${encodeURIComponent(b)}`),
          kind: 'brand' as const,
          label: b,
          detail: 'Brand',
        })),
      ]
    : [];
  const shown = open && options.length > 0;

  const go = (o: Option) => {
    setOpen(false);
    navigate(o.to);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = shown ? options[active] : undefined;
    if (chosen) return go(chosen);
    setOpen(false);
    const term = q.trim();
    navigate(paths.store.to(term ? `q=${encodeURIComponent(term)}` : undefined));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: the list cycles through it.
      setActive((i) => ((i + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const activeId = shown && active >= 0 && active < options.length ? `${listId}-${active}` : undefined;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a search form with role=search is the widely supported landmark
    <form className="search" role="search" action={paths.store.to()} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        ref={input}
        id={inputId}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeId}
        className="search__input"
        placeholder="Search phones, laptops, brands…"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        autoComplete="off"
        maxLength={200}
      />
      <button type="submit" className="search__btn">
        <SearchIcon size={18} />
        <span className="visually-hidden">Search</span>
      </button>
      <div id={listId} role="listbox" aria-label="Suggestions" className="suggest" hidden={!shown}>
        {options.map((o, i) => (
          <div
            key={o.id}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`suggest__item suggest__item--${o.kind}`}
            // Chosen on mousedown, before the field's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(o);
            }}
            onMouseEnter={() => setActive(i)}
          >
            {o.kind === 'product' && (
              <img
                src={productImage(o.thumbnail, 'sm')}
                alt=""
                width={40}
                height={40}
                className="suggest__img"
              />
            )}
            <span className="suggest__label">{o.label}</span>
            {o.detail && <span className="suggest__detail">{o.detail}</span>}
          </div>
        ))}
      </div>
    </form>
  );
}
