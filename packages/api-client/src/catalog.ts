import type { Category, Color, Product, ProductSummary } from '@voltcart/shared';
import type { Http } from './http';

export interface ProductListParams {
  /** Page size; 0 (the default) means all. */
  limit?: number;
  page?: number;
  categorySlug?: string;
  colorSlug?: string;
  /** Search in name, brand and description. */
  q?: string;
}

export interface ProductList {
  products: ProductSummary[];
  hasMore: boolean;
}

/** Drops empty values so the query string carries only what the shopper chose. */
function clean(params: ProductListParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = v as string | number;
  }
  return out;
}

/** Public catalogue reads: categories, colours, products, best sellers. */
export const catalogApi = (http: Http) => ({
  categories: async (): Promise<Category[]> =>
    (await http.get<{ categories: Category[] }>('/category')).data.categories,
  category: async (id: string): Promise<Category> =>
    (await http.get<{ category: Category }>(`/category/${encodeURIComponent(id)}`)).data.category,
  colors: async (): Promise<Color[]> => (await http.get<{ colors: Color[] }>('/color')).data.colors,
  products: async (params: ProductListParams = {}, signal?: AbortSignal): Promise<ProductList> => {
    const { data } = await http.get<{ products: ProductSummary[]; hasMore?: boolean }>('/product', {
      params: clean(params),
      signal,
    });
    return { products: data.products, hasMore: Boolean(data.hasMore) };
  },
  /** By id or slug. */
  product: async (idOrSlug: string, signal?: AbortSignal): Promise<Product> =>
    (await http.get<{ product: Product }>(`/product/${encodeURIComponent(idOrSlug)}`, { signal })).data
      .product,
  bestSellers: async (): Promise<ProductSummary[]> =>
    (await http.get<{ products: ProductSummary[] }>('/product/best-sellers')).data.products,
});

export type CatalogApi = ReturnType<typeof catalogApi>;
