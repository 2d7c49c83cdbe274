import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, UserError } from '../lib/log.mjs';

/**
 * HTTP load from a separate process: wrk (Debian package `wrk`) when installed, autocannon otherwise.
 * wrk reports latency in microseconds; autocannon only in whole milliseconds (its p50/p99 are coarse),
 * so every figure carries the name of the tool that measured it.
 */

let wrkChecked;
/** Whether wrk can be run (BENCH_TOOL=autocannon forces the fallback). */
export function hasWrk() {
  if (process.env.BENCH_TOOL === 'autocannon') return false;
  wrkChecked ??= spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
  return wrkChecked;
}

const WRK_DONE = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\n@@RESULT {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
`;

// Several paths: each wrk thread walks the list from its own starting point. (One path needs no request()
// function, which wrk would call for every request.)
const WRK_ROTATE = `
local paths = {}
local i = 0
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

function init(args)
  local f = io.open(args[1], "r")
  for line in f:lines() do
    if #line > 0 then paths[#paths + 1] = line end
  end
  f:close()
  i = (id or 0) * 7919
end

function request()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
${WRK_DONE}`;

function runCapture(cmd, args, { timeoutMs }) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new UserError(`${cmd} exited with code ${code}: ${(err || out).slice(-500)}`));
    });
  });
}

/**
 * Loads `base` + each of `paths` (in rotation) with `connections` keep-alive connections for `seconds`.
 * Returns {tool, rps, p50, p90, p99 (ms), requests, errors}: errors counts socket errors, timeouts and
 * answers outside 2xx/3xx.
 */
export async function load({ base, paths, connections, seconds, headers = {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'vc-bench-'));
  try {
    if (hasWrk()) {
      const script = join(dir, 'bench.lua');
      const list = join(dir, 'paths.txt');
      const rotate = paths.length > 1;
      writeFileSync(script, rotate ? WRK_ROTATE : WRK_DONE);
      if (rotate) writeFileSync(list, `${paths.join('\n')}\n`);
      const threads = Math.max(1, Math.min(2, connections));
      const out = await runCapture(
        'wrk',
        [
          '-t',
          String(threads),
          '-c',
          String(connections),
          '-d',
          `${seconds}s`,
          '--timeout',
          '10s',
          ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
          '-s',
          script,
          rotate ? base : base + paths[0],
          ...(rotate ? ['--', list] : []),
        ],
        { timeoutMs: (seconds + 30) * 1000 },
      );
      const line = out.split('\n').find((l) => l.startsWith('@@RESULT '));
      if (!line) throw new UserError(`wrk printed no result:\n${out.slice(-500)}`);
      const r = JSON.parse(line.slice('@@RESULT '.length));
      const secondsRun = r.duration_us / 1e6;
      return {
        tool: 'wrk',
        requests: r.requests,
        rps: r.requests / secondsRun,
        p50: r.p50_us / 1000,
        p90: r.p90_us / 1000,
        p99: r.p99_us / 1000,
        errors: r.connect + r.read + r.write + r.status + r.timeout,
      };
    }
    const out = await runCapture(
      process.execPath,
      [
        resolve(ROOT, 'scripts/bench/autocannon-run.mjs'),
        JSON.stringify({ base, paths, connections, seconds, headers }),
      ],
      { timeoutMs: (seconds + 30) * 1000 },
    );
    return { tool: 'autocannon', ...JSON.parse(out.trim().split('\n').at(-1)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
