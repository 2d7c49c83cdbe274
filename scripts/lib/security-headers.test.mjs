// Covers the storefront's security headers having one source: the storefront server sends what
// scripts/lib/security-headers.mjs makes, and deploy/nginx.conf, in front of it, adds no second copy that could
// drift from it.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RAZORPAY_ORIGINS, storefrontCsp, storefrontSecurityHeaders } from './security-headers.mjs';

const NGINX_CONF = resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx.conf');

/** The `add_header NAME "VALUE" always;` lines of nginx.conf's `location / { … }` block (the pages). */
async function nginxPageHeaders() {
  const conf = await readFile(NGINX_CONF, 'utf8');
  const block = /\n\s*location \/ \{([\s\S]*?)\n\s*\}/.exec(conf)?.[1];
  if (!block) throw new Error('deploy/nginx.conf has no `location / { … }` block');
  const headers = {};
  for (const m of block.matchAll(/^\s*add_header\s+([\w-]+)\s+"([^"]*)"\s+always;/gm)) headers[m[1]] = m[2];
  return headers;
}

describe('the storefront security headers', () => {
  it('are left to the storefront server: nginx passes its pages through without headers of its own', async () => {
    expect(await nginxPageHeaders()).toEqual({});
    expect(Object.keys(storefrontSecurityHeaders({ razorpay: true }))).toContain('Content-Security-Policy');
  });

  it('allow Razorpay only when asked, and the given origins for pictures and calls', () => {
    const plain = storefrontCsp({ imageOrigins: ['http://api.test'], connectOrigins: ['http://api.test'] });
    expect(plain).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http://api.test; font-src 'self' data:; connect-src 'self' http://api.test; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    const pay = storefrontCsp({ razorpay: true });
    for (const origin of RAZORPAY_ORIGINS) {
      expect(pay).toContain(`frame-src ${RAZORPAY_ORIGINS.join(' ')}`);
      expect(pay).toContain(origin);
    }
    expect(pay).toContain("img-src 'self' data: blob:;");
  });
});
