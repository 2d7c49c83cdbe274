/**
 * nginx in front of the storefront server and the API processes, as in deploy/nginx.conf: the shop's pages at
 * `/` from the storefront server, the API under /api/ on the same origin, both API processes in one upstream,
 * a failed or refused connection retried on the other process. It runs in the foreground (`daemon off`) with
 * every path inside the test's temporary folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fatal, findExecutable, freePort, startProcess, tail, waitFor } from './processes.mjs';

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
    client_max_body_size 100m;

    location /api/ {
      proxy_pass http://voltcart_api/;
      # A process that is stopping refuses new connections: the request goes to the other one. nginx never
      # re-sends a POST/PATCH it already handed to a process, so a write is never applied twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_http_version 1.1;
      proxy_set_header Connection "close";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }

    # Pages and files from the storefront server, which sets their caching and security headers itself.
    location / {
      proxy_pass http://voltcart_web;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
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
