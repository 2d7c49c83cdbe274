import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** The part of the API's test context used here (api/test/context.ts). */
interface TestContext {
  app: { fetch: (request: Request) => Response | Promise<Response> };
  req(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; form?: FormData },
    // biome-ignore lint/suspicious/noExplicitAny: reply bodies are checked by the tests
  ): Promise<{ status: number; body: any }>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Loaded by name at run time: the API's sources are type-checked by the API's own project (with its own
 * libraries), not again under this renderer-oriented configuration.
 */
const CONTEXT_MODULE = '@voltcart/api/test/context';
async function createTestContext(env: Record<string, string>): Promise<TestContext> {
  const mod = (await import(/* @vite-ignore */ CONTEXT_MODULE)) as {
    createTestContext(env: Record<string, string>): Promise<TestContext>;
  };
  return mod.createTestContext(env);
}

export interface RunningApi {
  ctx: TestContext;
  apiUrl: string;
  token: string;
  /** Creates products through the API (as the admin) and returns them. */
  createProducts(
    specs: { name: string; sku?: string }[],
  ): Promise<{ _id: string; slug: string; sku: string | null; name: string }[]>;
  close(): Promise<void>;
}

/**
 * The real API (fresh database from api/test/context.ts) listening on a free local port, so main-process
 * code talks to it over HTTP exactly as the desktop app does.
 */
export async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  const ctx = await createTestContext(env);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const token = await ctx.adminToken();
  return {
    ctx,
    apiUrl: `http://127.0.0.1:${port}`,
    token,
    async createProducts(specs) {
      const out = [];
      for (const s of specs) {
        const form = new FormData();
        form.append('name', s.name);
        form.append('originalPrice', '1000');
        form.append('stock', '5');
        if (s.sku) form.append('sku', s.sku);
        const r = await ctx.req('POST', '/product/create', { token, form });
        if (r.status !== 201) throw new Error(`product create failed: ${JSON.stringify(r.body)}`);
        out.push(r.body.product);
      }
      return out;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await ctx.close();
    },
  };
}
