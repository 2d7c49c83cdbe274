/**
 * Child processes and clean-up for the scale-out test: every server it starts is tracked, logged to a file in
 * the test's temporary folder, and stopped (SIGTERM, then SIGKILL) when the test ends however it ends.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { freePort } from '../lib/ports.mjs';
import { runCleanup as cleanup, onCleanup, sleep } from '../lib/processes.mjs';

// One clean-up list, sleep and free-port rule with the other scripts.
export { cleanup, freePort, onCleanup, sleep };

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    console.error(`\nInterrupted (${signal}): stopping every server the test started…`);
    cleanup().finally(() => process.exit(code));
  });
}

/** An error that ends `waitFor` at once (the awaited thing can no longer happen, e.g. its process died). */
export function fatal(message) {
  return Object.assign(new Error(message), { stopWaiting: true });
}

/** Polls `fn` until it returns a truthy value or `timeoutMs` passes; the last error is in the message. */
export async function waitFor(what, fn, { timeoutMs = 30_000, everyMs = 100 } = {}) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      if (e?.stopWaiting) throw e;
      last = e;
    }
    await sleep(everyMs);
  }
  throw new Error(
    `Timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (${last.message})` : ''}`,
  );
}

export function findExecutable(
  names,
  extraDirs = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin'],
) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...extraDirs];
  for (const name of names) for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

export function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Only what a program needs to run, so that the caller's own settings (DATABASE_URL, keys…) never leak in. */
function baseEnv() {
  const keep = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR', 'TZ', 'SystemRoot'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

/**
 * A started server: `exited` settles when it ends, with `{ code, signal }`.
 * Its output goes to `log`; `stop()` sends SIGTERM and waits, with SIGKILL after `graceMs`.
 */
export function startProcess(name, command, args, { env = {}, cwd, log, cleanEnv = false }) {
  const fd = openSync(log, 'a');
  const child = spawn(command, args, {
    cwd,
    env: { ...(cleanEnv ? baseEnv() : process.env), ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let done = false;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      done = true;
      resolve({ code, signal, at: performance.now() });
    });
    child.on('error', (e) => {
      done = true;
      resolve({ code: null, signal: null, error: e, at: performance.now() });
    });
  });
  const proc = {
    name,
    pid: child.pid,
    log,
    exited,
    get running() {
      return !done;
    },
    signal(sig) {
      if (!done) child.kill(sig);
    },
    async stop(graceMs = 10_000) {
      if (done) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const r = await exited;
      clearTimeout(timer);
      return r;
    },
  };
  onCleanup(() => proc.stop());
  return proc;
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command, args, { env = {}, cwd, timeoutMs = 120_000, cleanEnv = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...(cleanEnv ? baseEnv() : process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else
        reject(
          new Error(`${command} ${args.join(' ')} failed (${code ?? signal}):\n${out.trim().slice(-2000)}`),
        );
    });
  });
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
