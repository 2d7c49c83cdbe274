// Covers the storefront's security headers having one source: the storefront server sends what
// security-headers.ts makes, and deploy/nginx.conf, in front of it, adds no second copy that could drift from
// it — only HSTS, which belongs to whoever ends TLS, on every answer of the shop's origin.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RAZORPAY_ORIGINS, storefrontCsp, storefrontSecurityHeaders } from './security-headers';

const NGINX_CONF = resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx.conf');

/** The `add_header NAME "VALUE" always;` lines of a piece of nginx.conf (comments left out). */
function addHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const m of text.matchAll(/^\s*add_header\s+([\w-]+)\s+"([^"]*)"\s+always;/gm)) headers[m[1]!] = m[2]!;
  return headers;
}

/** nginx.conf's `server { … }` block: its `location / { … }` (the pages) and what is outside every location. */
async function nginxHeaders() {
  const conf = await readFile(NGINX_CONF, 'utf8');
  const server = /\nserver \{([\s\S]*)\n\}/.exec(conf)?.[1];
  const pages = server && /\n\s*location \/ \{([\s\S]*?)\n\s*\}/.exec(server)?.[1];
  if (!server || pages === undefined)
    throw new Error('deploy/nginx.conf has no `server { location / { … } }`');
  const outside = server.replace(/\n\s*location [^{]*\{[\s\S]*?\n\s*\}/g, '');
  return { pages: addHeaders(pages), server: addHeaders(outside) };
}

describe('the storefront security headers', () => {
  it('are left to the storefront server: nginx passes its pages through without headers of its own', async () => {
    expect((await nginxHeaders()).pages).toEqual({});
    expect(Object.keys(storefrontSecurityHeaders({ razorpay: true }))).toContain('Content-Security-Policy');
  });

  it('get HSTS from nginx on every answer, and nothing else the storefront server already sends', async () => {
    const { server } = await nginxHeaders();
    expect(server).toEqual({ 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' });
    const own = Object.keys(storefrontSecurityHeaders({ razorpay: true })).map((h) => h.toLowerCase());
    for (const name of Object.keys(server)) expect(own).not.toContain(name.toLowerCase());
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
