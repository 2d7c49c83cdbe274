import {
  type ApiReply,
  type Category,
  type Color,
  finalPrice,
  type Product,
  type ProductSummary,
  slugify,
} from '@voltcart/shared';
import { cleanParams } from './admin';
import type { Http } from './http';

/** A file for a multipart field: the bytes and the name to send. */
export interface UploadFile {
  blob: Blob;
  name: string;
}

export type UploadProgress = (loaded: number, total: number) => void;

export interface CategoryInput {
  name: string;
  image?: UploadFile | null;
}

export interface ColorInput {
  name: string;
  hexcode: string;
}

export interface ProductColorInput {
  _id: string;
  /** Rupees added to (or taken from) the price when this colour is chosen. */
  priceAdj: number;
}

export interface ProductInput {
  name: string;
  sku?: string;
  brand?: string;
  originalPrice: number;
  discountPercentage: number;
  categoryId?: string | null;
  colors?: ProductColorInput[];
  /** GB, with the price adjustment of each at the same index. */
  memorySizes?: number[];
  memoryPriceAdj?: number[];
  stock?: number;
  videoUrl?: string;
  shortDescription?: string;
  longDescription?: string;
  thumbnail?: UploadFile | null;
}

export interface AdminProductQuery {
  /** Page size; 0 means all. */
  limit?: number;
  page?: number;
  q?: string;
  categorySlug?: string;
  colorSlug?: string;
}

/** Product status toggles (seed §4): 1 status, 2 stock (inStock), 3 top selling. */
export type ProductToggle = 1 | 2 | 3;

/**
 * The multipart body of a product create/update (seed §7: colours and options as JSON text).
 * - the slug and final price are sent as the seed does, from the shared rules; the API derives both itself
 * - only the fields present in `input` are sent, so an update changes just those
 */
export function productFormData(input: Partial<ProductInput>): FormData {
  const fd = new FormData();
  const put = (k: string, v: string | number | undefined | null) => {
    if (v !== undefined && v !== null) fd.append(k, String(v));
  };
  if (input.name !== undefined) {
    put('name', input.name);
    put('slug', slugify(input.name));
  }
  put('sku', input.sku);
  put('brand', input.brand);
  put('originalPrice', input.originalPrice);
  put('discountPercentage', input.discountPercentage);
  if (input.originalPrice !== undefined) {
    put('finalPrice', finalPrice(input.originalPrice, input.discountPercentage ?? 0));
  }
  if (input.categoryId !== undefined) put('categoryId', input.categoryId ?? '');
  if (input.colors) put('colors', JSON.stringify(input.colors));
  if (input.memorySizes) put('memorySizes', JSON.stringify(input.memorySizes));
  if (input.memoryPriceAdj) put('memoryPriceAdj', JSON.stringify(input.memoryPriceAdj));
  put('stock', input.stock);
  put('videoUrl', input.videoUrl);
  put('shortDescription', input.shortDescription);
  put('longDescription', input.longDescription);
  if (input.thumbnail) fd.append('thumbnail', input.thumbnail.blob, input.thumbnail.name);
  return fd;
}

function categoryFormData(input: Partial<CategoryInput>): FormData {
  const fd = new FormData();
  if (input.name !== undefined) {
    fd.append('name', input.name);
    fd.append('slug', slugify(input.name));
  }
  if (input.image) fd.append('Image', input.image.blob, input.image.name);
  return fd;
}

const progress = (onProgress?: UploadProgress) =>
  onProgress
    ? (e: { loaded: number; total?: number }) => onProgress(e.loaded, e.total ?? e.loaded)
    : undefined;

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/**
 * The back office's catalogue calls. Reads go to the public routes: with the admin token they also list
 * inactive items. Every reply keeps the server's `msg` for the notification.
 */
export const adminCatalogApi = (http: Http) => ({
  categories: async (): Promise<Category[]> =>
    (await http.get<{ categories: Category[] }>('/category')).data.categories,
  category: async (id: string): Promise<Category> =>
    (await http.get<{ category: Category }>(path('/category', id))).data.category,
  createCategory: async (input: CategoryInput): Promise<ApiReply & { category: Category }> =>
    (await http.post<ApiReply & { category: Category }>('/category/create', categoryFormData(input))).data,
  updateCategory: async (
    id: string,
    input: Partial<CategoryInput>,
  ): Promise<ApiReply & { category: Category }> =>
    (await http.put<ApiReply & { category: Category }>(path('/category/update', id), categoryFormData(input)))
      .data,
  toggleCategory: async (id: string): Promise<ApiReply> =>
    (await http.patch<ApiReply>(path('/category/status', id))).data,
  deleteCategory: async (id: string): Promise<ApiReply> =>
    (await http.delete<ApiReply>(path('/category/delete', id))).data,

  colors: async (): Promise<Color[]> => (await http.get<{ colors: Color[] }>('/color')).data.colors,
  color: async (id: string): Promise<Color> =>
    (await http.get<{ color: Color }>(path('/color', id))).data.color,
  createColor: async (input: ColorInput): Promise<ApiReply & { color: Color }> =>
    (
      await http.post<ApiReply & { color: Color }>('/color/create', {
        name: input.name,
        slug: slugify(input.name),
        hexcode: input.hexcode,
      })
    ).data,
  updateColor: async (id: string, input: Partial<ColorInput>): Promise<ApiReply & { color: Color }> =>
    (await http.put<ApiReply & { color: Color }>(path('/color/update', id), input)).data,
  toggleColor: async (id: string): Promise<ApiReply> =>
    (await http.patch<ApiReply>(path('/color/status', id))).data,
  deleteColor: async (id: string): Promise<ApiReply> =>
    (await http.delete<ApiReply>(path('/color/delete', id))).data,

  products: async (
    query: AdminProductQuery = {},
    signal?: AbortSignal,
  ): Promise<{ products: ProductSummary[]; hasMore: boolean }> => {
    const { data } = await http.get<{ products: ProductSummary[]; hasMore?: boolean }>('/product', {
      params: cleanParams(query),
      signal,
    });
    return { products: data.products, hasMore: Boolean(data.hasMore) };
  },
  product: async (id: string): Promise<Product> =>
    (await http.get<{ product: Product }>(path('/product', id))).data.product,
  createProduct: async (
    input: ProductInput,
    onProgress?: UploadProgress,
  ): Promise<ApiReply & { product: Product }> =>
    (
      await http.post<ApiReply & { product: Product }>('/product/create', productFormData(input), {
        onUploadProgress: progress(onProgress),
      })
    ).data,
  updateProduct: async (
    id: string,
    input: Partial<ProductInput>,
    onProgress?: UploadProgress,
  ): Promise<ApiReply & { product: Product }> =>
    (
      await http.put<ApiReply & { product: Product }>(path('/product/update', id), productFormData(input), {
        onUploadProgress: progress(onProgress),
      })
    ).data,
  toggleProduct: async (id: string, flag: ProductToggle): Promise<ApiReply & { product: Product }> =>
    (await http.patch<ApiReply & { product: Product }>(path('/product/status', id), { flag })).data,
  deleteProduct: async (id: string): Promise<ApiReply> =>
    (await http.delete<ApiReply>(path('/product/delete', id))).data,
  /** Adds gallery images (1–20 per call). */
  addImages: async (
    id: string,
    files: UploadFile[],
    opts: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
  ): Promise<ApiReply & { product: Product }> => {
    const fd = new FormData();
    for (const f of files) fd.append('images', f.blob, f.name);
    return (
      await http.patch<ApiReply & { product: Product }>(path('/product/multiple-images', id), fd, {
        onUploadProgress: progress(opts.onProgress),
        signal: opts.signal,
        timeout: 0,
      })
    ).data;
  },
  /** Replaces the product's thumbnail only. */
  setThumbnail: async (
    id: string,
    file: UploadFile,
    opts: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
  ): Promise<ApiReply & { product: Product }> => {
    const fd = new FormData();
    fd.append('thumbnail', file.blob, file.name);
    return (
      await http.put<ApiReply & { product: Product }>(path('/product/update', id), fd, {
        onUploadProgress: progress(opts.onProgress),
        signal: opts.signal,
        timeout: 0,
      })
    ).data;
  },
  removeImage: async (id: string, file: string): Promise<ApiReply & { product: Product }> =>
    (
      await http.delete<ApiReply & { product: Product }>(
        `${path('/product/image', id)}/${encodeURIComponent(file)}`,
      )
    ).data,
});

export type AdminCatalogApi = ReturnType<typeof adminCatalogApi>;
