// Where the API's pictures load from, asked of the API by the main process (for the window's CSP): a
// redirect to a bucket gives its origin; pictures served by the API itself, a redirect back to the API, a
// target that is not http(s), and an API that does not answer give none.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverImageOrigin, PROBE_IMAGE_PATH } from './image-origin';

let server: Server;
let base: string;
const seen: string[] = [];
/** How the fake API answers image requests, per test. */
let answer: (res: import('node:http').ServerResponse) => void = (res) => res.end();

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    answer(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const redirectTo = (location: string) => (res: import('node:http').ServerResponse) => {
  res.writeHead(302, { location });
  res.end();
};

describe('discoverImageOrigin', () => {
  it('asks for a well-formed image name (32 hex digits, like the names the API gives uploads)', () => {
    expect(PROBE_IMAGE_PATH).toMatch(/^\/images\/product\/[a-f0-9]{32}\.webp$/);
  });

  it('gives the origin of the bucket the API redirects image requests to, without following it', async () => {
    answer = redirectTo(`http://127.0.0.1:1/voltcart/product/${'0'.repeat(32)}.webp`);
    seen.length = 0;
    expect(await discoverImageOrigin(`${base}/`)).toBe('http://127.0.0.1:1');
    expect(seen).toEqual([`GET ${PROBE_IMAGE_PATH}`]);
    answer = redirectTo('https://cdn.voltcart.in/product/x.webp');
    expect(await discoverImageOrigin(base)).toBe('https://cdn.voltcart.in');
  });

  it('gives none when the API serves pictures itself (404 for the made-up name)', async () => {
    answer = (res) => {
      res.statusCode = 404;
      res.end('{"flag":0,"msg":"Image not found"}');
    };
    expect(await discoverImageOrigin(base)).toBeNull();
  });

  it('gives none for a redirect to the API itself or to something that is not http(s)', async () => {
    answer = redirectTo('/images/product/other.webp');
    expect(await discoverImageOrigin(base)).toBeNull();
    answer = redirectTo('javascript:alert(1)');
    expect(await discoverImageOrigin(base)).toBeNull();
    answer = redirectTo('ftp://files.example/x.webp');
    expect(await discoverImageOrigin(base)).toBeNull();
  });

  it('gives none when nothing answers, or for an address that is not http(s)', async () => {
    expect(await discoverImageOrigin('http://127.0.0.1:9', { timeoutMs: 2000 })).toBeNull();
    expect(await discoverImageOrigin('file:///etc')).toBeNull();
  });
});
