/**
 * The load generator when wrk is not installed: autocannon in its own process (never in the process that
 * orchestrates the benchmark). Argument: JSON {base, paths, connections, seconds, headers}.
 * Prints one JSON line; latencies are in whole milliseconds (autocannon's resolution).
 */
import autocannon from 'autocannon';

const { base, paths, connections, seconds, headers } = JSON.parse(process.argv[2]);
let i = 0;
const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  headers,
  requests: [
    {
      setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }),
    },
  ],
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - (result['3xx'] ?? 0),
  }),
);
