/**
 * Starts the storefront server (app.ts) on @hono/node-server.
 * Built into dist-server/serve.js with the pages' renderer (`npm run build -w storefront`), which is what
 * `npm start` and the web image run:
 *   node storefront/dist-server/serve.js <dir> [--port 3000] [--host H] [--api-port 5000] [--api-url URL] [--razorpay]
 * (API_PUBLIC_URL sets --api-url; the other settings come from the environment: options.ts.)
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import { createStorefrontApp } from './app';
import { type StorefrontOptions, storefrontEnv } from './options';
import type { Render } from './render';

export { type StorefrontOptions, storefrontEnv } from './options';

/** The server build's page work (dist-server/entry-server.js beside the built app), when there is one. */
async function loadRender(root: string): Promise<Render | undefined> {
  const entry = join(resolve(root), '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return ((await import(pathToFileURL(entry).href)) as { pageRenderer: Render }).pageRenderer;
}

export interface RunningStorefront {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the server and resolves once it listens.
 * `host` defaults to every interface (IPv4 and IPv6), so both localhost and 127.0.0.1 work.
 */
export async function serveStorefront({
  port = 0,
  host,
  ...opts
}: StorefrontOptions & { port?: number; host?: string }): Promise<RunningStorefront> {
  if (!existsSync(join(resolve(opts.root), 'index.html')))
    throw new Error(`${opts.root} has no index.html: build the app first`);
  const { app } = createStorefrontApp({ render: await loadRender(opts.root), ...opts });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  return await new Promise((resolveServe, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop what uses it or choose another port`)
          : e,
      ),
    );
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port;
      resolveServe({
        server,
        port: actual,
        url: `http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${actual}`,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}

const USAGE =
  'Usage: node storefront/dist-server/serve.js <dir> [--port N] [--host H] [--api-port N] [--api-url URL] [--razorpay]';

function parseArgs(argv: string[]) {
  const opts: StorefrontOptions & { port: number; host?: string } = { root: '', port: 3000, apiPort: 5000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--port') opts.port = Number(value());
    else if (a === '--host') opts.host = value();
    else if (a === '--api-port') opts.apiPort = Number(value());
    else if (a === '--api-url') opts.apiUrl = value();
    else if (a === '--razorpay') opts.razorpay = true;
    else if (!a.startsWith('-') && !opts.root) opts.root = a;
    else throw new Error(`Unknown option ${a}`);
  }
  if (!opts.root) throw new Error(USAGE);
  opts.apiUrl ??= process.env.API_PUBLIC_URL || undefined;
  return { ...opts, ...storefrontEnv() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const { url, close } = await serveStorefront(opts);
    console.log(`Serving ${opts.root} at ${url}`);
    for (const signal of ['SIGINT', 'SIGTERM'])
      process.on(signal, () => void close().then(() => process.exit(0)));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
