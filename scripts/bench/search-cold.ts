/**
 * A search's and a faceted list's cost with nothing kept: each query goes through the search engine
 * with its kept answers off (cacheMs 0), so every call matches, counts, ranks and facets again, as the first
 * request for a query after a back-office write does.
 *   tsx scripts/bench/search-cold.ts --url mysql://…/vc_bench_1000000 [--rounds 3] [--page 100] [--only TEXT]
 * Prints, per query, the first call's time (`first`: the query's index and product pages may not be in the
 * buffer pool yet) and the median of the later rounds (`again`), in ms, and the total. `--only`: the queries
 * whose name contains TEXT.
 */
import { parseArgs } from 'node:util';
import { type CatalogQuery, createDb, MariaDbSearch } from '@voltcart/api';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    page: { type: 'string', default: '100' },
    only: { type: 'string' },
  },
});
if (!values.url) throw new Error('usage: search-cold.ts --url URL [--rounds N] [--page N]');
const rounds = Math.max(2, Number(values.rounds));
const deep = Math.max(1, Number(values.page));
const db = createDb(values.url, 4, { queryTimeoutMs: null });
const engine = new MariaDbSearch({ cacheMs: 0 });

const page = (n: number) => ({ limit: 24, offset: (n - 1) * 24 });
const typed = ['laptops', 'samsng phone', 'earphones', '256gb', 'lapt', 'iphone 15 pro', 'samsung', 'apple'];
const queries: [string, CatalogQuery][] = [
  ...typed.map((q): [string, CatalogQuery] => [`q=${q}`, { admin: false, q, ...page(1) }]),
  ...typed.map((q): [string, CatalogQuery] => [
    `q=${q} facets`,
    { admin: false, q, facets: true, ...page(1) },
  ]),
  [`q=laptops page ${deep}`, { admin: false, q: 'laptops', ...page(deep) }],
  [
    'phones, Samsung, in stock, 10 % off, price ↑, facets',
    {
      admin: false,
      categorySlug: 'phones',
      brand: ['Samsung'],
      inStock: true,
      minDiscount: 10,
      sort: 'price_asc',
      facets: true,
      ...page(1),
    },
  ],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let firstSum = 0;
for (const [name, query] of queries) {
  if (values.only && !name.includes(values.only)) continue;
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    total = (await engine.find(db, query)).total;
    times.push(performance.now() - started);
  }
  firstSum += times[0]!;
  console.log(
    `${name.padEnd(52)} total ${String(total).padStart(7)}  first ${times[0]!.toFixed(0).padStart(6)} ms  again ${median(times.slice(1)).toFixed(0).padStart(6)} ms`,
  );
}
console.log(`sum of first calls: ${(firstSum / 1000).toFixed(1)} s`);
await db.destroy();
