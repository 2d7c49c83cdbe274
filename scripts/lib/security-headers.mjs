/**
 * The storefront's security headers, in one place for both ways it is served: the storefront server
 * (storefront/server/app.mjs builds them per request) and nginx (deploy/nginx.conf writes them out; a test
 * checks that file against this one, see security-headers.test.mjs).
 */

/** Razorpay Checkout: its script, its frames and the calls it makes. */
export const RAZORPAY_ORIGINS = ['https://checkout.razorpay.com', 'https://api.razorpay.com'];

/**
 * The Content-Security-Policy:
 * - everything from the page's own origin; no plugins, no other base or form targets, never framed
 * - scripts: the page's own, and Razorpay Checkout's when `razorpay`
 * - styles: also inline (style attributes, and the <style> tags Razorpay Checkout injects); scripts stay strict
 * - pictures: also data:/blob: URLs and `imageOrigins` (the API's host, object storage)
 * - calls: also `connectOrigins` (an API on another origin) and Razorpay's
 * - frames: Razorpay's, else none
 * @param {{ imageOrigins?: string[], connectOrigins?: string[], razorpay?: boolean }} opts
 * @returns {string}
 */
export function storefrontCsp({ imageOrigins = [], connectOrigins = [], razorpay = false } = {}) {
  const pay = razorpay ? RAZORPAY_ORIGINS : [];
  const list = (...parts) => parts.flat().filter(Boolean).join(' ');
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

/**
 * Every security header of the storefront's pages (the CSP from storefrontCsp with the same options).
 * @param {{ imageOrigins?: string[], connectOrigins?: string[], razorpay?: boolean }} opts
 * @returns {Record<string, string>}
 */
export function storefrontSecurityHeaders(opts = {}) {
  return {
    'Content-Security-Policy': storefrontCsp(opts),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}
