/**
 * The Electron security checklist as plain functions and objects, so every item is testable without the
 * Electron binary; src/main/index.ts only wires them to the real objects.
 * (https://www.electronjs.org/docs/latest/tutorial/security)
 */
import { buildCsp, httpOrigin } from '../shared/csp';
import { isAllowedExternalUrl } from '../shared/ipc-contract';

/** The renderer is served from this privileged custom scheme, not file:// (file:// pages share one origin). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'voltcart';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Checklist items 2–4, 6, 13: isolation, no Node in the page, sandbox, web security, no webviews. */
export function webPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  } as const;
}

/**
 * True when `url` is a page of this app: the app scheme, or the vite dev server in development.
 * Compared by origin, never by prefix (`app://voltcart.evil` is not ours).
 */
export function isAppUrl(url: string, devServerUrl?: string | null): boolean {
  try {
    const u = new URL(url);
    if (u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST) return true;
    if (devServerUrl) {
      const dev = httpOrigin(devServerUrl);
      return dev !== null && u.origin === dev;
    }
    return false;
  } catch {
    return false;
  }
}

/** Minimal shape of an IPC event, for sender validation. */
export interface SenderEvent {
  senderFrame?: { url: string; parent?: unknown } | null;
}

/** Checklist item 17: an IPC message is answered only when it comes from our own page's top frame. */
export function isTrustedSender(event: SenderEvent, devServerUrl?: string | null): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent) return false;
  return isAppUrl(frame.url, devServerUrl);
}

/** Checklist item 13: no navigation away from the app (links, redirects, dropped files). */
export function handleWillNavigate(
  event: { preventDefault(): void },
  url: string,
  devServerUrl?: string | null,
): boolean {
  if (isAppUrl(url, devServerUrl)) return true;
  event.preventDefault();
  return false;
}

/** Checklist item 14: no new windows, ever (external links go through openExternalSafely). */
export function windowOpenHandler(): { action: 'deny' } {
  return { action: 'deny' };
}

/** Checklist item 5: every permission request (camera, notifications, geolocation…) is refused. */
export function permissionRequestHandler(
  _contents: unknown,
  _permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(false);
}

export function permissionCheckHandler(): boolean {
  return false;
}

/** Checklist item 15: only allow-listed https addresses reach the operating system's browser. */
export async function openExternalSafely(
  url: string,
  open: (url: string) => Promise<void>,
): Promise<boolean> {
  if (!isAllowedExternalUrl(url)) return false;
  await open(url);
  return true;
}

type Headers = Record<string, string[]>;

/** The origins the window's CSP names besides the app's own: the API, and where its pictures really load from. */
export interface CspOrigins {
  apiOrigin: string | null;
  /** The bucket the API redirects image requests to (see image-origin.ts); empty when it serves them itself. */
  imageOrigins: readonly string[];
}

/** Checklist item 7: the CSP of the app's pages, as a header (the protocol handler and withCspHeader). */
export function appCsp(origins: CspOrigins, dev = false): string {
  return buildCsp({
    apiOrigin: origins.apiOrigin ?? undefined,
    imageOrigins: origins.imageOrigins,
    dev,
    header: true,
  });
}

/** Checklist item 7: the CSP header on every page of the app (the API's own responses keep theirs). */
export function withCspHeader(
  url: string,
  headers: Headers,
  opts: CspOrigins & { dev: boolean; devServerUrl?: string | null },
): Headers {
  if (!isAppUrl(url, opts.devServerUrl)) return headers;
  const out: Headers = {};
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== 'content-security-policy') out[k] = v;
  }
  out['Content-Security-Policy'] = [appCsp(opts, opts.dev)];
  return out;
}

/**
 * The app's pages have the origin `app://voltcart`, which an API may not list among its CORS origins.
 * For responses of the configured API only, and only when the API did not answer CORS itself, the app's
 * origin is allowed, so the desktop app works with any API address staff configure. No other site gains
 * anything: the header names our origin, not `*`.
 */
export function withApiCors(url: string, headers: Headers, apiOrigin: string | null): Headers {
  if (!apiOrigin || httpOrigin(url) !== apiOrigin) return headers;
  const has = Object.keys(headers).some((k) => k.toLowerCase() === 'access-control-allow-origin');
  if (has) return headers;
  return {
    ...headers,
    'Access-Control-Allow-Origin': [APP_ORIGIN],
    'Access-Control-Allow-Headers': ['Authorization, Content-Type, X-Request-Id'],
    'Access-Control-Allow-Methods': ['GET, POST, PUT, PATCH, DELETE, OPTIONS'],
    Vary: ['Origin'],
  };
}

/** The parts of webContents hardenContents touches (structural, so tests pass a fake). */
export interface ContentsLike {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (e: { preventDefault(): void }, url: string) => void,
  ): void;
  on(event: 'will-attach-webview', listener: (e: { preventDefault(): void }) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Applied to every webContents the app creates (app 'web-contents-created'). */
export function hardenContents(contents: ContentsLike, devServerUrl?: string | null): void {
  contents.on('will-navigate', (e, url) => handleWillNavigate(e, url, devServerUrl));
  contents.on('will-redirect', (e, url) => handleWillNavigate(e, url, devServerUrl));
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(windowOpenHandler);
}
