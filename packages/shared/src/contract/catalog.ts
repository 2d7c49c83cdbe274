import type { PriceBounds } from '../rules/price-phrase';
import type {
  categoryBody,
  categoryUpdateBody,
  colorBody,
  colorUpdateBody,
  imageMatchBody,
  productBody,
  productIdsQuery,
  productListQuery,
  productStatusBody,
  productUpdateBody,
  suggestQuery,
  synonymsBody,
} from '../schemas/catalog';
import type { variantCreateBody, variantStockBody, variantUpdateBody } from '../schemas/variant';
import type {
  BestSellers,
  Category,
  Color,
  ImageNameMatch,
  PictureUpload,
  Product,
  ProductSummary,
  Variant,
} from '../types';
import { route } from './define';

/** One value of a filter and how many products it would show under the other filters chosen. */
export interface FacetValue {
  value: string;
  /** What to show (a category's or colour's name; the brand; "256 GB"). */
  label: string;
  count: number;
}

/**
 * Per filter, its values with counts. A value's count applies every other filter chosen, so that choosing it
 * (OR within a filter, AND across filters) shows that many products.
 */
export interface ProductFacets {
  brand: FacetValue[];
  category: FacetValue[];
  color: FacetValue[];
  memory: FacetValue[];
  /** Products that can be bought now, and with a discount of at least 10, 20 and 30 %. */
  inStock: number;
  minDiscount: FacetValue[];
  /** The lowest and highest final price (rupees) under the other filters; null when nothing matches. */
  price: { min: number; max: number } | null;
}

/** A page of products; `hasMore` says whether another page follows. */
export interface ProductList {
  products: ProductSummary[];
  hasMore: boolean;
  /** Every product the filters and search match (all pages); given with a search, a filter, a sort or `facets=1`. */
  total?: number;
  /** With `facets=1`: filter values with counts (see ProductFacets). */
  facets?: ProductFacets;
  /** With `q` and nothing found: a query that finds something, e.g. "samsung" for "samsnug". */
  didYouMean?: string;
  /**
   * With `q` holding a price phrase ("tablet under 20000", "20k-30k"): the bounds read from it (rupees,
   * inclusive) and the words left, which are what was searched. The phrase filters like `minPrice`/`maxPrice`
   * (an explicit one wins); searching `words` alone drops the filter.
   */
  priceFromQuery?: PriceBounds & { words: string };
  /**
   * With `q` and nothing found: the active categories its words name (with their synonyms and typo fixes),
   * "tablet under 2000" → Tablets; empty when the words name none.
   */
  categoryHints?: { name: string; slug: string }[];
  /** With `lowStock=1`: the threshold the list was filtered by (products with at most this many units). */
  lowStockThreshold?: number;
}

/** One synonym: a search for `term` also finds products with any of `alternatives`. */
export interface Synonym {
  term: string;
  alternatives: string[];
}

/** Suggestions while typing: a few products, and the categories and brands the text matches. */
export interface Suggestions {
  products: Pick<ProductSummary, '_id' | 'name' | 'slug' | 'thumbnail' | 'finalPrice' | 'originalPrice'>[];
  categories: { name: string; slug: string }[];
  brands: string[];
}

/** Search settings (back office): the shop's synonyms. */
export const search = {
  synonyms: route('GET /search/synonyms', 'catalog.read').reply<{ synonyms: Synonym[] }>(),
  /** Replaces the whole list. */
  setSynonyms: route('PUT /search/synonyms', 'catalog.write')
    .body<typeof synonymsBody>()
    .reply<{ synonyms: Synonym[] }>(),
};

/** Categories: public reads (admins also see inactive ones), admin writes. */
export const category = {
  list: route('GET /category', 'public').reply<{ categories: Category[] }>(),
  /** The one category is also given as a list (`categories`), where list-reading clients look for it. */
  get: route('GET /category/:id', 'public').reply<{ category: Category; categories: Category[] }>(),
  create: route('POST /category/create', 'catalog.write', { form: true, files: ['Image'], status: 201 })
    .body<typeof categoryBody>()
    .reply<{ category: Category }>(),
  update: route('PUT /category/update/:id', 'catalog.write', { form: true, files: ['Image'] })
    .body<typeof categoryUpdateBody>()
    .reply<{ category: Category }>(),
  toggle: route('PATCH /category/status/:id', 'catalog.write').reply<{ category: Category }>(),
  remove: route('DELETE /category/delete/:id', 'catalog.write').reply<object>(),
};

/** Colours: public reads, admin writes. */
export const color = {
  list: route('GET /color', 'public').reply<{ colors: Color[] }>(),
  get: route('GET /color/:id', 'public').reply<{ color: Color; colors: Color[] }>(),
  create: route('POST /color/create', 'catalog.write', { status: 201 })
    .body<typeof colorBody>()
    .reply<{ color: Color }>(),
  update: route('PUT /color/update/:id', 'catalog.write')
    .body<typeof colorUpdateBody>()
    .reply<{ color: Color }>(),
  toggle: route('PATCH /color/status/:id', 'catalog.write').reply<{ color: Color }>(),
  remove: route('DELETE /color/delete/:id', 'catalog.write').reply<object>(),
};

/** Products: public reads (by id or slug), admin writes, gallery pictures. */
export const product = {
  list: route('GET /product', 'public').query<typeof productListQuery>().reply<ProductList>(),
  /** What sold most in the last 30 days (`basis: 'sales'`), else the largest savings (`basis: 'discount'`). */
  bestSellers: route('GET /product/best-sellers', 'public').reply<BestSellers>(),
  /** Up to 5 products with picture and price, and the categories and brands that match what is typed. */
  suggest: route('GET /product/suggest', 'public').query<typeof suggestQuery>().reply<Suggestions>(),
  /** By id or by slug. */
  get: route('GET /product/:id', 'public').reply<{ product: Product }>(),
  create: route('POST /product/create', 'catalog.write', {
    form: true,
    files: ['thumbnail', 'images'],
    status: 201,
  })
    .body<typeof productBody>()
    .reply<{ product: Product; uploads: PictureUpload[] }>(),
  /**
   * Only the fields sent are changed. `stock` needs `expectedStock` (the stock the client loaded): 409
   * `stock_changed` with the current values (StockConflict) when it has moved since, nothing saved.
   */
  update: route('PUT /product/update/:id', 'catalog.write', { form: true, files: ['thumbnail', 'images'] })
    .body<typeof productUpdateBody>()
    .reply<{ product: Product; uploads: PictureUpload[] }>(),
  /** flag 1 status, 2 stock (inStock), 3 top selling: one route for the product list's three switches. */
  toggle: route('PATCH /product/status/:id', 'catalog.write').body<typeof productStatusBody>().reply<{
    product: Product;
  }>(),
  remove: route('DELETE /product/delete/:id', 'catalog.write').reply<object>(),
  /** Adds 1–20 gallery pictures; a file already among the product's pictures is skipped (`already_there`). */
  addImages: route('PATCH /product/multiple-images/:id', 'catalog.write', {
    form: true,
    files: ['images'],
  }).reply<{
    product: Product;
    uploads: PictureUpload[];
  }>(),
  removeImage: route('DELETE /product/image/:id/:file', 'catalog.write').reply<{ product: Product }>(),
  /**
   * Matches photo file names to products by slug or SKU (`<slug>[-N].jpg`), inactive products included, on the
   * server so that every product counts however many there are; at most MAX_MATCH_NAMES names per request.
   */
  matchImages: route('POST /product/match-images', 'catalog.write')
    .body<typeof imageMatchBody>()
    .reply<{ matches: ImageNameMatch[] }>(),
};

/**
 * A product's variants (admin): one per colour × memory size combination sold, each with its own SKU, stock,
 * price and switch; and the colour galleries. Product-level figures follow from them (see ProductSummary).
 */
export const variant = {
  list: route('GET /product/:id/variants', 'catalog.read').reply<{ variants: Variant[] }>(),
  /** 409 `duplicate_sku` naming the SKU; 400 for a colour or memory size the product does not have. */
  create: route('POST /product/:id/variants', 'catalog.write', { status: 201 })
    .body<typeof variantCreateBody>()
    .reply<{ variant: Variant; product: Product }>(),
  /** `stock` needs `expectedStock`: 409 `stock_changed` with the variant as it is now when it moved. */
  update: route('PUT /product/:id/variants/:variantId', 'catalog.write')
    .body<typeof variantUpdateBody>()
    .reply<{ variant: Variant; product: Product }>(),
  /** 409 `in_use` while the variant holds units (set its stock to 0 first). */
  remove: route('DELETE /product/:id/variants/:variantId', 'catalog.write').reply<{ product: Product }>(),
  /** Many variants' stock at once: all or nothing, each compare-and-set. */
  stock: route('PATCH /product/:id/variants/stock', 'catalog.write')
    .body<typeof variantStockBody>()
    .reply<{ variants: Variant[]; product: Product }>(),
  /** Adds 1–20 pictures to one colour's gallery; a file the product already shows is skipped (`already_there`). */
  addColorImages: route('PATCH /product/:id/color-images/:colorId', 'catalog.write', {
    form: true,
    files: ['images'],
  }).reply<{ product: Product; uploads: PictureUpload[] }>(),
};

/** A public product's address for the sitemap: its id and when it last changed. */
export interface ProductId {
  _id: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** What the storefront server needs beside the pages' own reads: the catalogue's version, the sitemap's ids. */
export const catalog = {
  /** Moves on with every change staff make to the catalogue (the storefront drops the pages it rendered). */
  version: route('GET /catalog/version', 'public').reply<{ version: number }>(),
  /**
   * Public products in id order, above `after` and up to `upTo`, at most `limit` (default 1000) per page:
   * keyset pages, so that a sitemap of any size is read a page at a time. `lastId` is the highest public id.
   */
  productIds: route('GET /catalog/product-ids', 'public')
    .query<typeof productIdsQuery>()
    .reply<{ products: ProductId[]; lastId: number }>(),
};
