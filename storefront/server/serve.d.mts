import type { Server } from 'node:http';

export interface StorefrontOptions {
  /** The built storefront folder (with index.html). */
  root: string;
  /** A fixed public API address; without it the browser uses its own hostname with `apiPort`. */
  apiUrl?: string;
  /** The API port for the computed address (default 5000). */
  apiPort?: number;
  /** Allow Razorpay Checkout's script, frames and calls. */
  razorpay?: boolean;
  /** More origins the app loads images from or calls. */
  extraOrigins?: string[];
  /** Where the server itself reaches the API (default: `apiUrl`, else 127.0.0.1 on `apiPort`). */
  internalApiUrl?: string;
  /** The shop's public address for canonical links and the sitemap (PUBLIC_URL; default: the request's own origin). */
  publicUrl?: string;
  /** The most addresses in one sitemap file (default 50,000). */
  sitemapUrlsPerFile?: number;
  /** How long a rendered page is kept per address (default 10; 0: never kept). */
  pageCacheSeconds?: number;
}
export declare function serveStorefront(
  opts: StorefrontOptions & { port?: number; host?: string },
): Promise<{ server: Server; port: number; url: string; close(): Promise<void> }>;
export declare function storefrontEnv(
  env?: Record<string, string | undefined>,
): Pick<
  StorefrontOptions,
  'publicUrl' | 'internalApiUrl' | 'sitemapUrlsPerFile' | 'pageCacheSeconds' | 'extraOrigins'
>;
