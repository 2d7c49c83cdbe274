import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppFile, serveAppRequest } from './app-protocol';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-renderer-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Voltcart Admin</title>');
  await writeFile(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(dir, '..', 'secret.txt'), 'outside');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(join(dir, '..', 'secret.txt'), { force: true });
});

describe('app:// protocol', () => {
  it('serves built files with their type', () => {
    expect(resolveAppFile(dir, 'app://voltcart/assets/index-abc.js')).toEqual({
      path: join(dir, 'assets', 'index-abc.js'),
      type: 'text/javascript; charset=utf-8',
    });
  });

  it('answers app routes with index.html', () => {
    for (const url of [
      'app://voltcart/',
      'app://voltcart/admin/product/edit/12',
      'app://voltcart/admin?x=1',
    ]) {
      expect(resolveAppFile(dir, url)?.path).toBe(join(dir, 'index.html'));
    }
  });

  it('never leaves the renderer folder and serves only our host', () => {
    for (const url of [
      'app://voltcart/../secret.txt',
      'app://voltcart/%2e%2e/secret.txt',
      'app://voltcart/assets/..%2f..%2fsecret.txt',
      'app://voltcart/%00.js',
      'app://other/assets/index-abc.js',
      'file:///etc/passwd',
      'app://voltcart/%E0%A4%A.js',
      'app://voltcart/run.exe',
    ]) {
      expect(resolveAppFile(dir, url), url).toBeNull();
    }
  });

  it('returns the page with the headers given (the CSP) and 404 for missing files', async () => {
    const ok = await serveAppRequest(dir, 'app://voltcart/admin', {
      'Content-Security-Policy': "default-src 'self'",
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await ok.text()).toContain('Voltcart Admin');
    expect((await serveAppRequest(dir, 'app://voltcart/assets/missing.js', {})).status).toBe(404);
    expect((await serveAppRequest(dir, 'app://voltcart/../secret.txt', {})).status).toBe(404);
  });
});
