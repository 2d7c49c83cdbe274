/**
 * The storefront's security headers, in one place for both ways it is served: the storefront server (app.ts
 * builds them per request) and nginx (deploy/nginx.conf passes the server's pages through and adds only
 * HSTS, which belongs to the TLS end; a test checks that file against this one, see security-headers.test.ts).
 */

/** Razorpay Checkout: its script, its frames and the calls it makes. */
export const RAZORPAY_ORIGINS = ['https://checkout.razorpay.com', 'https://api.razorpay.com'];

export interface CspOptions {
  /** Where pictures may also come from (the API's host, object storage). */
  imageOrigins?: string[];
  /** Where the page may also call (an API on another origin). */
  connectOrigins?: string[];
  /** Allow Razorpay Checkout's script, frames and calls. */
  razorpay?: boolean;
}

/**
 * The Content-Security-Policy:
 * - everything from the page's own origin; no plugins, no other base or form targets, never framed
 * - scripts: the page's own, and Razorpay Checkout's when `razorpay`
 * - styles: also inline (style attributes, and the <style> tags Razorpay Checkout injects); scripts stay strict
 * - pictures: also data:/blob: URLs and `imageOrigins`
 * - calls: also `connectOrigins` and Razorpay's
 * - frames: Razorpay's, else none
 */
export function storefrontCsp({ imageOrigins = [], connectOrigins = [], razorpay = false }: CspOptions = {}) {
  const pay = razorpay ? RAZORPAY_ORIGINS : [];
  const list = (...parts: (string | string[])[]) => parts.flat().filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    list('script-src', "'self'", pay),
    "style-src 'self' 'unsafe-inline'",
    list('img-src', "'self'", 'data:', 'blob:', imageOrigins),
    "font-src 'self' data:",
    list('connect-src', "'self'", connectOrigins, pay),
    list('frame-src', razorpay ? pay : "'none'"),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every security header of the storefront's pages (the CSP from storefrontCsp with the same options). */
export function storefrontSecurityHeaders(opts: CspOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': storefrontCsp(opts),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}
