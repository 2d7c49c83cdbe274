// What `npm run admin:web` asks the API: whether a page of its origin may call it (a CORS preflight, as a
// browser sends it), and where its pictures load from (the bucket an image request is redirected to).
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsOrigin, imageOriginOf, PROBE_IMAGE_PATH } from './api-checks.mjs';

let server;
let base;
const allowed = new Set(['http://localhost:5174']);
let imageAnswer = (res) => {
  res.statusCode = 404;
  res.end();
};
const seen = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    if (req.method === 'OPTIONS') {
      // Like the API's CORS middleware: the allow header only for a listed origin.
      if (allowed.has(req.headers.origin)) res.setHeader('access-control-allow-origin', req.headers.origin);
      res.statusCode = 204;
      return res.end();
    }
    if (req.url === PROBE_IMAGE_PATH) return imageAnswer(res);
    res.statusCode = 404;
    res.end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('acceptsOrigin', () => {
  it('sends the login preflight with the origin and tells an accepted origin from a refused one', async () => {
    seen.length = 0;
    expect(await acceptsOrigin(`${base}/`, 'http://localhost:5174')).toEqual({
      reachable: true,
      allowed: true,
    });
    expect(seen[0]).toMatchObject({
      method: 'OPTIONS',
      url: '/admin/login',
      headers: { origin: 'http://localhost:5174', 'access-control-request-method': 'POST' },
    });
    expect(await acceptsOrigin(base, 'http://localhost:5690')).toEqual({ reachable: true, allowed: false });
  });

  it('says when the API does not answer at all', async () => {
    expect(await acceptsOrigin('http://127.0.0.1:9', 'http://localhost:5174')).toEqual({
      reachable: false,
      allowed: false,
    });
  });
});

describe('imageOriginOf', () => {
  it('gives the origin of the bucket image requests are redirected to', async () => {
    imageAnswer = (res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:4569/voltcart/product/x.webp' });
      res.end();
    };
    expect(await imageOriginOf(base)).toBe('http://127.0.0.1:4569');
  });

  it('gives none when the API serves pictures itself or redirects to itself', async () => {
    imageAnswer = (res) => {
      res.statusCode = 404;
      res.end();
    };
    expect(await imageOriginOf(base)).toBeNull();
    imageAnswer = (res) => {
      res.writeHead(302, { location: '/images/product/other.webp' });
      res.end();
    };
    expect(await imageOriginOf(base)).toBeNull();
    expect(await imageOriginOf('http://127.0.0.1:9')).toBeNull();
  });
});
