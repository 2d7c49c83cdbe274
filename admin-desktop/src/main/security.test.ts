// The Electron security checklist (https://www.electronjs.org/docs/latest/tutorial/security), one test per
// item that applies, checked on the plain functions main/index.ts wires (no Electron binary needed), plus
// checks that index.ts really wires them.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCsp } from '../shared/csp';
import { isAllowedExternalUrl } from '../shared/ipc-contract';
import {
  APP_ORIGIN,
  appCsp,
  type ContentsLike,
  handleWillNavigate,
  hardenContents,
  isAppUrl,
  isTrustedSender,
  openExternalSafely,
  permissionCheckHandler,
  permissionRequestHandler,
  webPreferences,
  windowOpenHandler,
  withApiCors,
  withCspHeader,
} from './security';

const here = dirname(fileURLToPath(import.meta.url));
const source = (rel: string) => readFile(join(here, rel), 'utf8');

function navEvent() {
  const e = {
    prevented: false,
    preventDefault: () => {
      e.prevented = true;
    },
  };
  return e;
}

describe('Electron security checklist', () => {
  it('isolates the page: contextIsolation on, no Node.js, sandbox on, web security on, no webviews', () => {
    const prefs = webPreferences('/app/out/preload/index.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
  });

  it('the window is created with exactly those preferences', async () => {
    const index = await source('index.ts');
    expect(index).toMatch(/webPreferences: webPreferences\(/);
    expect(index).toMatch(/app\.enableSandbox\(\)/);
    expect(index).not.toMatch(
      /nodeIntegration:\s*true|contextIsolation:\s*false|sandbox:\s*false|webSecurity:\s*false/,
    );
  });

  it('has a strict CSP in the page: no inline or remote script, no eval, no objects, frames, base or form posts', async () => {
    const html = await source('../renderer/index.html');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(buildCsp());
    expect(meta).toContain("script-src 'self';");
    expect(meta).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    for (const d of ["object-src 'none'", "frame-src 'none'", "base-uri 'none'", "form-action 'none'"]) {
      expect(meta).toContain(d);
    }
  });

  it('sends the CSP as a header too, narrowed to the configured API origin and refusing framing', () => {
    const headers = withCspHeader(
      `${APP_ORIGIN}/admin/product`,
      { 'content-security-policy': ['default-src *'] },
      {
        apiOrigin: 'http://localhost:5000',
        imageOrigins: [],
        dev: false,
      },
    );
    const csp = headers['Content-Security-Policy']![0]!;
    expect(headers['content-security-policy']).toBeUndefined();
    expect(csp).toContain("connect-src 'self' http://localhost:5000;");
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:5000;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    // Responses of other sites (the API) keep their own headers.
    const api = { 'Content-Security-Policy': ["default-src 'none'"] };
    expect(
      withCspHeader('http://localhost:5000/product', api, {
        apiOrigin: 'http://localhost:5000',
        imageOrigins: [],
        dev: false,
      }),
    ).toBe(api);
  });

  it('lets pictures load from the bucket the API redirects image requests to (img-src only)', () => {
    const origins = { apiOrigin: 'https://api.voltcart.in', imageOrigins: ['https://images.voltcart.in'] };
    const csp = withCspHeader(`${APP_ORIGIN}/admin/product`, {}, { ...origins, dev: false })[
      'Content-Security-Policy'
    ]![0]!;
    expect(csp).toContain("img-src 'self' data: blob: https://api.voltcart.in https://images.voltcart.in;");
    expect(csp).toContain("connect-src 'self' https://api.voltcart.in;");
    expect(appCsp(origins)).toBe(csp);
  });

  it('the app protocol serves every page with the CSP header', async () => {
    const index = await source('index.ts');
    expect(index).toMatch(/'Content-Security-Policy': appCsp\(origins\)/);
    expect(index).toMatch(/onHeadersReceived/);
    // The picture origin is asked of the API at start and after the address is saved.
    expect(index).toMatch(/await followApi\(\(await store\.getSettings\(\)\)\.apiUrl\)/);
    expect(index).toMatch(/onApiUrlChanged: followApi/);
  });

  it('blocks navigation away from the app', () => {
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'app://voltcart.evil/',
      'http://localhost:5000/',
    ]) {
      const e = navEvent();
      expect(handleWillNavigate(e, url)).toBe(false);
      expect(e.prevented).toBe(true);
    }
    const inside = navEvent();
    expect(handleWillNavigate(inside, `${APP_ORIGIN}/admin/category`)).toBe(true);
    expect(inside.prevented).toBe(false);
    // The dev server counts as the app only when running `electron-vite dev`.
    expect(isAppUrl('http://localhost:5173/admin', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5173/admin')).toBe(false);
  });

  it('denies every new window', () => {
    expect(windowOpenHandler()).toEqual({ action: 'deny' });
  });

  it('wires navigation, redirect, webview and window-open guards on every web contents', async () => {
    const listeners = new Map<string, (e: { preventDefault(): void }, url: string) => void>();
    let openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null;
    const contents: ContentsLike = {
      on: (event: string, listener: (e: { preventDefault(): void }, url: string) => void) => {
        listeners.set(event, listener);
      },
      setWindowOpenHandler: (h) => {
        openHandler = h;
      },
    } as ContentsLike;
    hardenContents(contents);
    expect([...listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = navEvent();
      listeners.get(name)!(e, 'https://evil.example/');
      expect(e.prevented).toBe(true);
    }
    expect(openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const index = await source('index.ts');
    expect(index).toMatch(
      /app\.on\('web-contents-created', \(_e, contents\) => hardenContents\(contents, devServerUrl\)\)/,
    );
  });

  it('refuses every permission request and check', async () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      let granted: boolean | null = null;
      permissionRequestHandler(null, permission, (g) => {
        granted = g;
      });
      expect(granted).toBe(false);
    }
    expect(permissionCheckHandler()).toBe(false);
    const index = await source('index.ts');
    expect(index).toMatch(/setPermissionRequestHandler\(permissionRequestHandler\)/);
    expect(index).toMatch(/setPermissionCheckHandler\(permissionCheckHandler\)/);
  });

  it('opens only allow-listed https addresses in the system browser', async () => {
    const opened: string[] = [];
    const open = async (url: string) => {
      opened.push(url);
    };
    for (const url of [
      'http://dashboard.razorpay.com/app/payments/pay_1',
      'https://dashboard.razorpay.com.evil.example/',
      'https://evil.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pw@dashboard.razorpay.com/',
      'https://dashboard.razorpay.com:8443/',
      'smb://share/x',
      'not a url',
    ]) {
      expect(await openExternalSafely(url, open)).toBe(false);
    }
    expect(opened).toEqual([]);
    expect(await openExternalSafely('https://dashboard.razorpay.com/app/payments/pay_1', open)).toBe(true);
    expect(opened).toEqual(['https://dashboard.razorpay.com/app/payments/pay_1']);
    expect(isAllowedExternalUrl('https://dashboard.razorpay.com/x')).toBe(true);
  });

  it('calls shell.openExternal nowhere but through the allow-list', async () => {
    const files = (await readdir(here)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const f of files) {
      const text = await source(f);
      const calls = text.match(/shell\.openExternal\(/g) ?? [];
      if (f === 'index.ts') {
        expect(calls).toHaveLength(1);
        expect(text).toMatch(/openExternal: \(url\) => shell\.openExternal\(url\)/);
      } else expect(calls).toHaveLength(0);
    }
  });

  it('accepts IPC only from the app page top frame', () => {
    expect(isTrustedSender({ senderFrame: { url: `${APP_ORIGIN}/admin`, parent: null } })).toBe(true);
    expect(isTrustedSender({ senderFrame: { url: `${APP_ORIGIN}/`, parent: { url: APP_ORIGIN } } })).toBe(
      false,
    );
    expect(isTrustedSender({ senderFrame: { url: 'https://evil.example/' } })).toBe(false);
    expect(isTrustedSender({ senderFrame: { url: 'file:///tmp/x.html' } })).toBe(false);
    expect(isTrustedSender({ senderFrame: null })).toBe(false);
    expect(isTrustedSender({})).toBe(false);
  });

  it('keeps `electron` out of every testable main-process module', async () => {
    const files = (await readdir(here)).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    for (const f of files) {
      expect(await source(f), f).not.toMatch(/from ['"]electron['"]|require\(['"]electron['"]\)/);
    }
  });

  it('allows the app origin on the configured API only, and only when the API did not answer CORS', () => {
    const api = 'http://localhost:5000';
    const added = withApiCors(`${api}/product`, {}, api);
    expect(added['Access-Control-Allow-Origin']).toEqual([APP_ORIGIN]);
    expect(withApiCors('https://evil.example/x', {}, api)).toEqual({});
    const own = { 'access-control-allow-origin': ['http://localhost:5174'] };
    expect(withApiCors(`${api}/product`, own, api)).toBe(own);
    expect(withApiCors(`${api}/product`, {}, null)).toEqual({});
  });
});
