import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real API, e.g. http://127.0.0.1:41234 (no trailing slash). */
    apiUrl: string;
    /** The built storefront served by storefront/server, or null when the storefront has no build yet. */
    storefrontUrl: string | null;
    /** The built admin web renderer, or null when it has no build yet. */
    adminUrl: string | null;
    adminEmail: string;
    adminPassword: string;
    /** The run's own database (dropped at the end), for tests that check rows directly. */
    databaseUrl: string;
  }
}

export interface E2eEnv {
  apiUrl: string;
  storefrontUrl: string | null;
  adminUrl: string | null;
  adminEmail: string;
  adminPassword: string;
  databaseUrl: string;
}

/** What e2e/global-setup.ts started for this run. */
export function e2eEnv(): E2eEnv {
  return {
    apiUrl: inject('apiUrl'),
    storefrontUrl: inject('storefrontUrl'),
    adminUrl: inject('adminUrl'),
    adminEmail: inject('adminEmail'),
    adminPassword: inject('adminPassword'),
    databaseUrl: inject('databaseUrl'),
  };
}

/**
 * Calls the run's API directly (to prepare data or check a result behind the UI's back).
 * Returns the status and the parsed JSON body (or the text when it is not JSON).
 */
export async function api(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests' assertions
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${inject('apiUrl')}${path}`, { method, headers, body });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

let adminToken: Promise<string> | undefined;

/** A token of the run's admin account (logged in once per test file). */
export function e2eAdminToken(): Promise<string> {
  adminToken ??= api('POST', '/admin/login', {
    body: { email: inject('adminEmail'), password: inject('adminPassword') },
  }).then((r) => {
    if (r.status !== 200 || typeof r.body?.token !== 'string')
      throw new Error(`The e2e admin could not log in: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.token as string;
  });
  return adminToken;
}

/**
 * The text of the newest mail of `kind` to `to` in the run's outbox (the mail the shop would send), waiting up
 * to 10 s for it: the browser tests follow mailed links and passwords as a person would.
 */
export async function latestMail(to: string, kind: string, after = 0): Promise<{ id: number; text: string }> {
  const { createConnection } = await import('mysql2/promise');
  const conn = await createConnection(inject('databaseUrl'));
  try {
    for (let i = 0; i < 100; i++) {
      const [rows] = await conn.query(
        'SELECT id, text_body FROM outbox WHERE recipient = ? AND kind = ? AND id > ? ORDER BY id DESC LIMIT 1',
        [to, kind, after],
      );
      const row = (rows as { id: number; text_body: string }[])[0];
      if (row) return { id: row.id, text: row.text_body };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${kind} mail to ${to}`);
  } finally {
    await conn.end();
  }
}
