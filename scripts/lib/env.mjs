import { UserError } from './log.mjs';

/** An integer port from the environment, or the default; a malformed value stops with its name. */
export function portFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new UserError(`${name} must be a port number (1-65535), not "${raw}"`);
  return n;
}

/** The browser origins of a server on `port`, as localhost and as 127.0.0.1 (a shop must work from both). */
export const localOrigins = (port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];

/** Origins the storefront and admin load images from besides the API (object storage), for their CSP. */
export function imageOrigins() {
  const url = process.env.S3_PUBLIC_URL;
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    throw new UserError(`S3_PUBLIC_URL must be a URL, not "${url}"`);
  }
}
