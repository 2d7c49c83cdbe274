import { formatINR, type ProductFacets } from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { NO_FILTERS, type StoreQuery } from '../store-query';

type Change = (change: Partial<StoreQuery>) => void;

const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/** Values a list shows before "Show all"; a longer list also gets a search box. */
const SHORT_LIST = 8;

/** The price filter's two ends: the field sent, its label for screen readers, the word of its placeholder. */
const PRICE_ENDS = {
  min: { name: 'minPrice', label: 'Lowest price (₹)', word: 'Min' },
  max: { name: 'maxPrice', label: 'Highest price (₹)', word: 'Max' },
} as const;

/**
 * One end of the price filter: a number box read by its name when the form is sent, the bound chosen as its value
 * and, as its placeholder, the lowest or highest price under the other filters (none when nothing matches).
 */
function PriceBound({
  end,
  price,
  query,
}: {
  end: keyof typeof PRICE_ENDS;
  price: ProductFacets['price'];
  query: StoreQuery;
}) {
  const { name, label, word } = PRICE_ENDS[end];
  return (
    <label>
      <span className="visually-hidden">{label}</span>
      <input
        name={name}
        inputMode="numeric"
        placeholder={price ? `${word} ${formatINR(price[end])}` : word}
        defaultValue={query[name] ?? ''}
      />
    </label>
  );
}

/**
 * One filter's values as checkboxes, each with how many products it would show under the other filters. A long
 * list (brands) shows its first values and the chosen ones, with "Show all N" and a box that finds a value.
 */
function ValueList<T extends string | number>(props: {
  title: string;
  /** `count` undefined: a filter without counts (customer rating). */
  values: { value: T; label: string; count?: number }[];
  chosen: T[];
  onToggle: (v: T) => void;
}) {
  const id = useId();
  const [all, setAll] = useState(false);
  const [find, setFind] = useState('');
  if (props.values.length === 0 && props.chosen.length === 0) return null;
  const long = props.values.length > SHORT_LIST;
  const needle = find.trim().toLowerCase();
  const shown = needle
    ? props.values.filter((v) => v.label.toLowerCase().includes(needle))
    : long && !all
      ? props.values.filter((v, i) => i < SHORT_LIST || props.chosen.includes(v.value))
      : props.values;
  return (
    <fieldset className="card filter-block facet" aria-labelledby={id}>
      <legend id={id} className="filter-block__title">
        {props.title}
      </legend>
      {long && (
        <input
          className="facet__find"
          type="search"
          value={find}
          aria-label={`Find a ${props.title.toLowerCase()}`}
          placeholder={`Find a ${props.title.toLowerCase()}`}
          onChange={(e) => setFind(e.target.value)}
        />
      )}
      <ul className="facet__list">
        {shown.map((v) => (
          <li key={String(v.value)}>
            <label className="facet__option">
              <input
                type="checkbox"
                checked={props.chosen.includes(v.value)}
                disabled={v.count === 0 && !props.chosen.includes(v.value)}
                onChange={() => props.onToggle(v.value)}
              />
              <span>{v.label}</span>
              {v.count !== undefined && <span className="facet__count">{v.count}</span>}
            </label>
          </li>
        ))}
        {needle && shown.length === 0 && <li className="muted">No {props.title.toLowerCase()} matches.</li>}
      </ul>
      {long && !needle && (
        <button type="button" className="link-btn" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${props.values.length}`}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The list's filters with counts: brand, category (on pages not already in a category), memory, price, in stock,
 * discount (the colour is the page's swatches: one colour filter). Every change goes to the address (the caller's
 * `onChange`).
 */
export function ListFilters(props: {
  facets: ProductFacets | undefined;
  query: StoreQuery;
  inCategory: boolean;
  onChange: Change;
}) {
  const { facets, query, onChange } = props;
  const priceId = useId();
  if (!facets) return null;
  const applyPrice = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const read = (k: string) => {
      const v = String(data.get(k) ?? '').trim();
      return v === '' || !Number.isFinite(Number(v)) ? null : Math.max(0, Math.floor(Number(v)));
    };
    let min = read('minPrice');
    let max = read('maxPrice');
    if (min !== null && max !== null && min > max) [min, max] = [max, min];
    onChange({ minPrice: min, maxPrice: max });
  };
  return (
    <>
      {!props.inCategory && (
        <ValueList
          title="Category"
          values={facets.category}
          chosen={query.category}
          onToggle={(v) => onChange({ category: toggle(query.category, v) })}
        />
      )}
      <ValueList
        title="Brand"
        values={facets.brand}
        chosen={query.brand}
        onToggle={(v) => onChange({ brand: toggle(query.brand, v) })}
      />
      <fieldset className="card filter-block facet" aria-labelledby={priceId}>
        <legend id={priceId} className="filter-block__title">
          Price
        </legend>
        <form className="facet__price" onSubmit={applyPrice} key={`${query.minPrice}-${query.maxPrice}`}>
          <PriceBound end="min" price={facets.price} query={query} />
          <PriceBound end="max" price={facets.price} query={query} />
          <button type="submit" className="btn btn--ghost">
            Go
          </button>
        </form>
      </fieldset>
      <ValueList
        title="Memory"
        values={facets.memory.map((m) => ({ ...m, value: Number(m.value) }))}
        chosen={query.memory}
        onToggle={(v) => onChange({ memory: toggle(query.memory, v) })}
      />
      <ValueList
        title="Availability"
        values={[{ value: 'inStock', label: 'In stock only', count: facets.inStock }]}
        chosen={query.inStock ? ['inStock'] : []}
        onToggle={() => onChange({ inStock: !query.inStock })}
      />
      <ValueList
        title="Discount"
        values={facets.minDiscount.map((d) => ({ ...d, value: Number(d.value) }))}
        chosen={query.minDiscount ? [query.minDiscount] : []}
        onToggle={(v) => onChange({ minDiscount: query.minDiscount === v ? null : v })}
      />
      <ValueList
        title="Customer rating"
        values={[{ value: 4, label: '4★ & above' }]}
        chosen={query.minRating ? [query.minRating] : []}
        onToggle={(v) => onChange({ minRating: query.minRating === v ? null : v })}
      />
    </>
  );
}

/** The filters chosen in the address, each with its label and the change that removes it. */
export function chosenFilters(
  query: StoreQuery,
  facets: ProductFacets | undefined,
  colorName: (slug: string) => string,
): { key: string; text: string; remove: Partial<StoreQuery> }[] {
  const label = (list: { value: string; label: string }[] | undefined, v: string) =>
    list?.find((x) => x.value === v)?.label ?? v;
  // A chip for each value of a list filter, named as its facet lists it (brands by the value itself); removing it
  // keeps the filter's other values.
  const each = (
    name: 'category' | 'brand' | 'color' | 'memory',
    facet?: { value: string; label: string }[],
  ) => {
    const chosen: (string | number)[] = query[name];
    return chosen.map((v) => ({
      key: `${name}-${v}`,
      text: label(facet, String(v)),
      remove: { [name]: chosen.filter((x) => x !== v) } as Partial<StoreQuery>,
    }));
  };
  return [
    ...(query.colorSlug
      ? [{ key: 'colorSlug', text: colorName(query.colorSlug), remove: { colorSlug: '' } }]
      : []),
    ...each('category', facets?.category),
    ...each('brand'),
    ...each('color', facets?.color),
    ...each('memory', facets?.memory),
    ...(query.minPrice !== null || query.maxPrice !== null
      ? [
          {
            key: 'price',
            text:
              query.minPrice !== null && query.maxPrice !== null
                ? `${formatINR(query.minPrice)} – ${formatINR(query.maxPrice)}`
                : query.minPrice !== null
                  ? `From ${formatINR(query.minPrice)}`
                  : `Up to ${formatINR(query.maxPrice ?? 0)}`,
            remove: { minPrice: null, maxPrice: null },
          },
        ]
      : []),
    ...(query.inStock ? [{ key: 'inStock', text: 'In stock only', remove: { inStock: false } }] : []),
    ...(query.minDiscount
      ? [{ key: 'minDiscount', text: `${query.minDiscount}% off or more`, remove: { minDiscount: null } }]
      : []),
    ...(query.minRating
      ? [{ key: 'minRating', text: `${query.minRating}★ & above`, remove: { minRating: null } }]
      : []),
  ];
}

/** The filters chosen (chosenFilters), as removable chips, with "Clear all". */
export function FilterChips({
  chips,
  onChange,
}: {
  chips: ReturnType<typeof chosenFilters>;
  onChange: Change;
}) {
  if (chips.length === 0) return null;
  return (
    <ul className="chips" aria-label="Filters chosen">
      {chips.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            className="chip"
            onClick={() => onChange(c.remove)}
            aria-label={`Remove filter ${c.text}`}
          >
            {c.text} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="link-btn" onClick={() => onChange({ ...NO_FILTERS })}>
          Clear all
        </button>
      </li>
    </ul>
  );
}
