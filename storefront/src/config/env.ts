declare global {
  interface Window {
    __VOLTCART__?: { apiUrl?: unknown };
  }
}

export interface Env {
  /** The API's address without a trailing slash, e.g. https://api.voltcart.in */
  apiUrl: string;
}

export class ConfigError extends Error {}

/** The default the shipped public/config.js also computes: the API on port 5000 of the page's host. */
export function defaultApiUrl(loc: Pick<Location, 'protocol' | 'hostname'> = window.location): string {
  return `${loc.protocol}//${loc.hostname}:5000`;
}

/**
 * Reads the runtime configuration set by /config.js (loaded before the bundle), so one build serves any
 * deployment. A missing value falls back to the default; a malformed one is an error naming the field.
 */
export function readEnv(source: Window['__VOLTCART__'] = window.__VOLTCART__): Env {
  const apiUrl = httpUrl(source?.apiUrl ?? defaultApiUrl());
  if (apiUrl === null) {
    throw new ConfigError(
      'Storefront configuration (/config.js) is invalid: apiUrl must be an http(s) address such as http://localhost:5000',
    );
  }
  return { apiUrl: apiUrl.replace(/\/+$/, '') };
}

/**
 * The value as an absolute http(s) address, or null. Checked by hand rather than with zod: this runs on
 * every page before anything else, and a schema library would be the first thing every shopper downloads.
 * - surrounding whitespace is ignored
 * - it must parse as a URL, with the http: or https: scheme, `//` and a host name
 */
function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^https?:\/\/[^/?#\s]/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? trimmed : null;
  } catch {
    return null;
  }
}

let cached: Env | null = null;
let serverEnv: (() => Env) | null = null;

/**
 * On the storefront server (entry-server.ts), where there is no window: the configuration of the page being
 * rendered, read on every call (pages of different requests render side by side).
 */
export function setServerEnv(read: () => Env): void {
  serverEnv = read;
}

export function env(): Env {
  if (serverEnv) return serverEnv();
  cached ??= readEnv();
  return cached;
}
