/**
 * The shop's own address, which canonical links, Open Graph tags, JSON-LD, robots.txt and the sitemap name,
 * and the host rendered pictures are loaded from. A request's Host header is the client's to choose: were it
 * trusted, one request with `Host: evil.example` would leave pages (kept for every shopper) whose links and
 * pictures point elsewhere, and every made-up host would be one more page to render and keep.
 */
import { hostname, networkInterfaces } from 'node:os';

export interface ShopAddress {
  /** e.g. https://shop.example.com (no trailing slash) */
  origin: string;
  protocol: string;
  /** The host name alone, IPv6 addresses in brackets. */
  hostname: string;
}

const HOSTNAME = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;

/** The host name of a Host header (without the port), or null when it is not a plain host name or IP. */
export function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return HOSTNAME.test(name) ? name : null;
}

/** The names and addresses this machine answers to: loopback, its own host name, each network interface's. */
function ownNames(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const own = hostname().toLowerCase();
  names.add(own);
  names.add(`${own}.local`);
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? [])
      names.add(a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address.toLowerCase());
  return names;
}

let own: Set<string> | null = null;

/**
 * Where the shop's links point for one request:
 * - PUBLIC_URL when it is set (a production start requires it: options.ts)
 * - otherwise (development) the address the request was made to, when its host is one of this machine's own
 *   names or addresses (localhost, the machine's name, a LAN address a phone uses) and its port the one the
 *   request arrived on
 * - otherwise http://localhost on that port: an unknown Host names nothing in a page, and adds no page to keep
 */
export function shopAddressOf(req: {
  publicUrl?: string;
  /** The request's URL as the server built it (its origin comes from the Host header). */
  url: string;
  host: string | undefined;
  /** The port the request arrived on (unknown for a request made without a socket, e.g. in a test). */
  localPort: number | undefined;
}): ShopAddress {
  if (req.publicUrl) {
    const u = new URL(req.publicUrl);
    return { origin: u.origin, protocol: u.protocol, hostname: u.hostname };
  }
  const u = new URL(req.url);
  own ??= ownNames();
  const name = hostnameOf(req.host)?.toLowerCase();
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  if (name && own.has(name) && (req.localPort === undefined || port === req.localPort))
    return { origin: u.origin, protocol: u.protocol, hostname: name };
  const fallback = new URL(`${u.protocol}//localhost`);
  if (req.localPort !== undefined) fallback.port = String(req.localPort);
  return { origin: fallback.origin, protocol: fallback.protocol, hostname: 'localhost' };
}
