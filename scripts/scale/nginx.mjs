/**
 * nginx in front of the storefront server and the API processes with the shipped deploy/nginx.conf's own
 * server block (its locations: the shop's pages at `/` from the storefront server, the API under /api/ on the
 * same origin with both processes in one upstream and a failed or refused connection retried on the other,
 * /api/metrics refused, HSTS), listening on a loopback port. Only what is about the machine differs: the
 * upstreams name loopback ports instead of Docker's services, and nginx runs in the foreground
 * (`daemon off`) with every path inside the test's temporary folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fatal, findExecutable, freePort, startProcess, tail, waitFor } from './processes.mjs';

const SHIPPED = resolve(dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx.conf');

/** The inside of deploy/nginx.conf's `server { … }` block without its `listen` and `server_name` lines. */
export function shippedServerBlock() {
  const body = /\nserver \{([\s\S]*)\n\}/.exec(readFileSync(SHIPPED, 'utf8'))?.[1];
  if (!body) throw new Error(`${SHIPPED} has no server { … } block`);
  return body.replace(/^\s*(listen|server_name)\s[^;]*;[^\n]*\n/gm, '');
}

export const nginxBinary = () => findExecutable(['nginx']);

/** One access-log line per request: end time, status, method, URI, upstream(s) tried and their statuses, duration. */
const LOG_FORMAT = '$msec $status $request_method $uri "$upstream_addr" "$upstream_status" $request_time';

export function nginxConfig({ dir, port, upstreams, web }) {
  const asRoot = process.getuid?.() === 0;
  return `# Written by scripts/scale/test-scale.mjs for one run; see deploy/nginx.conf for the production file.
${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;

events {
  worker_connections 1024;
}

http {
  log_format scale '${LOG_FORMAT}';
  access_log ${join(dir, 'access.log')} scale;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};

  upstream voltcart_web {
    server ${web} max_fails=1 fail_timeout=5s;
  }

  upstream voltcart_api {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
  }

  server {
    listen 127.0.0.1:${port};
${shippedServerBlock()}
  }
}
`;
}

/**
 * Starts nginx before the servers behind it (it only connects to them per request): `web` is the storefront
 * server's `host:port`, `upstreams` the API processes'. Answers `{origin, base}` (base = origin + '/api').
 */
export async function startNginx({ dir, upstreams, web }) {
  const home = join(dir, 'nginx');
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(home, d), { recursive: true });
  const port = await freePort();
  const conf = join(home, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir: home, port, upstreams, web }));
  const proc = startProcess('nginx', nginxBinary(), ['-c', conf, '-p', home, '-e', join(home, 'error.log')], {
    log: join(home, 'stdout.log'),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    'nginx to answer',
    async () => {
      if (!proc.running) throw fatal(`nginx exited:\n${tail(join(home, 'error.log'))}`);
      return (await fetch(`${base}/api/health`)).ok;
    },
    { timeoutMs: 20_000 },
  );
  return {
    proc,
    port,
    origin: base,
    base: `${base}/api`,
    accessLog: join(home, 'access.log'),
    errorLog: join(home, 'error.log'),
  };
}

/** Parses the access log written with LOG_FORMAT. */
export function parseAccessLog(text) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^([\d.]+) (\d{3}) (\S+) (\S+) "([^"]*)" "([^"]*)" ([\d.]+)$/.exec(line);
      if (!m) return null;
      const [, msec, status, method, uri, addrs, statuses, secs] = m;
      return {
        endedAt: Number(msec) * 1000,
        status: Number(status),
        method,
        uri,
        // "a:1, b:2" when nginx tried a then b; "a:1 : b:2" across an internal redirect.
        upstreams: addrs === '-' ? [] : addrs.split(/\s*,\s*|\s+:\s+/),
        upstreamStatuses: statuses,
        seconds: Number(secs),
      };
    })
    .filter(Boolean);
}
