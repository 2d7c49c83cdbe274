/** How the storefront server is set up (serve.ts takes these plus `port` and `host`). */
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
  /**
   * The shop's public address for canonical links, Open Graph, JSON-LD, robots.txt and the sitemap
   * (PUBLIC_URL; required in production). Without it (development) the address a request was made to, when
   * it names this machine, else http://localhost on the server's port.
   */
  publicUrl?: string;
  /** The most addresses in one sitemap file (default 50,000). */
  sitemapUrlsPerFile?: number;
  /** How long a rendered page is kept per address (default 10; 0: never kept). */
  pageCacheSeconds?: number;
  /** The most memory rendered pages are kept in, in megabytes (default 64). */
  pageCacheMb?: number;
}

type Env = Record<string, string | undefined>;

/** A whole number from `min` to `max` read from `env[name]`, or undefined when unset; throws naming it when malformed. */
function wholeNumber(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return n;
}

const ORIGIN = /^https?:\/\/[^/?#\s]+\/?$/;

/**
 * The storefront server's settings from the environment, checked: PUBLIC_URL (the shop's origin, required when
 * NODE_ENV=production), API_INTERNAL_URL (where this server reaches the API), SITEMAP_URLS_PER_FILE,
 * PAGE_CACHE_SECONDS, PAGE_CACHE_MB and IMAGE_ORIGIN (pictures from object storage, allowed by the CSP).
 * Throws an Error naming a missing or malformed one.
 */
export function storefrontEnv(env: Env = process.env): Omit<StorefrontOptions, 'root'> {
  const opts: Omit<StorefrontOptions, 'root'> = {};
  if (env.PUBLIC_URL) {
    if (!ORIGIN.test(env.PUBLIC_URL))
      throw new Error(
        `PUBLIC_URL must be the shop's origin such as https://shop.example.com, not "${env.PUBLIC_URL}"`,
      );
    opts.publicUrl = env.PUBLIC_URL;
  } else if (env.NODE_ENV === 'production') {
    // Otherwise every link search engines and link previews keep would name whatever Host a request claimed.
    throw new Error(
      "PUBLIC_URL is required in production: the shop's public address such as https://shop.example.com, which canonical links, Open Graph tags, JSON-LD, robots.txt and the sitemap name",
    );
  }
  if (env.API_INTERNAL_URL) {
    if (!/^https?:\/\/[^/?#\s]+/.test(env.API_INTERNAL_URL))
      throw new Error(
        `API_INTERNAL_URL must be an http(s) address such as http://api:5000, not "${env.API_INTERNAL_URL}"`,
      );
    opts.internalApiUrl = env.API_INTERNAL_URL;
  }
  const perFile = wholeNumber(env, 'SITEMAP_URLS_PER_FILE', 1, 50_000);
  if (perFile !== undefined) opts.sitemapUrlsPerFile = perFile;
  if (env.IMAGE_ORIGIN) {
    if (!ORIGIN.test(env.IMAGE_ORIGIN))
      throw new Error(
        `IMAGE_ORIGIN must be an origin such as https://images.example.com, not "${env.IMAGE_ORIGIN}"`,
      );
    opts.extraOrigins = [env.IMAGE_ORIGIN.replace(/\/$/, '')];
  }
  const seconds = wholeNumber(env, 'PAGE_CACHE_SECONDS', 0, 3600);
  if (seconds !== undefined) opts.pageCacheSeconds = seconds;
  const megabytes = wholeNumber(env, 'PAGE_CACHE_MB', 1, 4096);
  if (megabytes !== undefined) opts.pageCacheMb = megabytes;
  return opts;
}
