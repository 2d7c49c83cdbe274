import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface DocumentedRoute {
  method: string;
  /** With `:param` segments, as Hono writes them. */
  path: string;
  access: string;
  /** The permission named in brackets after the level (`admin (catalog.write)`); `any role`: none. */
  permission?: string;
  body: string;
}

/** The call table of docs/api.md: what the contract promises, to compare with what the app registers. */
export function documentedRoutes(): DocumentedRoute[] {
  const file = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
  const out: DocumentedRoute[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)\s*\|([^|]*)\|([^|]*)\|/.exec(line);
    if (!m) continue;
    const [, access, permission] = /^(.*?)(?:\s*\(([\w. ]+)\))?$/.exec(m[3]!.trim())!;
    out.push({
      method: m[1]!,
      path: m[2]!.replace(/\{(\w+)\}/g, ':$1'),
      access: access!,
      ...(permission && permission !== 'any role' ? { permission } : {}),
      body: m[4]!.trim(),
    });
  }
  return out;
}

/** Two route paths are the same route when they differ only in parameter names. */
export const samePath = (a: string, b: string) =>
  a.replace(/:\w+(\{[^}]*\})?/g, ':p').replace(/\/$/, '') ===
  b.replace(/:\w+(\{[^}]*\})?/g, ':p').replace(/\/$/, '');
