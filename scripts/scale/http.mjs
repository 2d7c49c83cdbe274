/**
 * The scale-out test's HTTP client: JSON and multipart calls with a time limit, answering
 * `{ status, body, ms }` (status 0 and `error` when the request never got an answer).
 */
import { request as httpRequest } from 'node:http';

export async function call(base, method, path, { token, body, form, timeoutMs = 15_000 } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    let parsed = buf;
    if (type.includes('json')) {
      try {
        parsed = JSON.parse(buf.toString('utf8'));
      } catch {}
    } else if (type.startsWith('text/')) parsed = buf.toString('utf8');
    return { status: res.status, body: parsed, headers: res.headers, ms: performance.now() - started };
  } catch (e) {
    return {
      status: 0,
      body: null,
      error: e?.cause?.code ?? e?.name ?? String(e),
      ms: performance.now() - started,
    };
  }
}

/** Throws unless the answer has the expected status; the message carries the body for diagnosis. */
export function expectStatus(r, status, what) {
  const ok = Array.isArray(status) ? status.includes(r.status) : r.status === status;
  if (!ok) {
    const detail =
      r.error ?? (typeof r.body === 'object' && !Buffer.isBuffer(r.body) ? JSON.stringify(r.body) : '');
    throw new Error(`${what}: expected HTTP ${status}, got ${r.status} ${String(detail).slice(0, 300)}`);
  }
  return r;
}

/**
 * A multipart upload sent slowly: the body trickles out over `spreadMs`, so the request is still in flight
 * when something happens to the server meanwhile (the graceful-shutdown check).
 */
export function slowUpload(url, { token, field, fileName, type, data, spreadMs, chunks = 10 }) {
  const boundary = `----voltcart${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const foot = Buffer.from(`\r\n--${boundary}--\r\n`);
  const whole = Buffer.concat([head, data, foot]);
  const u = new URL(url);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': whole.length,
          connection: 'close',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => {
          let body = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, body, ms: performance.now() - started });
        });
      },
    );
    req.on('error', (e) =>
      resolve({ status: 0, error: e.code ?? e.message, ms: performance.now() - started }),
    );
    const size = Math.ceil(whole.length / chunks);
    let i = 0;
    const next = () => {
      const part = whole.subarray(i * size, (i + 1) * size);
      i++;
      if (i >= chunks || part.length === 0) {
        req.end(part);
        return;
      }
      req.write(part);
      setTimeout(next, spreadMs / chunks);
    };
    next();
  });
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values, p) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A GET of `path` exactly as written (no normalisation of `./`, escapes or slashes, as fetch would do), on a
 * connection of its own: `{ status, headers, body }` with the body as text.
 */
export function rawGet(origin, path) {
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The sum of a Prometheus series (every line that starts with `series`) in the API's /metrics. */
export async function metricValue(api, series) {
  const r = await call(api.base, 'GET', '/metrics', { timeoutMs: 5000 });
  if (r.status !== 200) throw new Error(`${api.name} /metrics answered ${r.status}`);
  const text = String(r.body);
  const lines = text.split('\n').filter((l) => l.startsWith(series));
  return lines.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}
