import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { errorMessage, ROOT, red, UserError } from './log.mjs';

const cleanups = [];
let cleaning;

/** Registers work to do once when the script ends (normally, on error, or on Ctrl-C / SIGTERM). */
export function onCleanup(fn) {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs the registered clean-ups in reverse order; safe to call more than once. */
export function runCleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (e) {
        console.error(red(`Clean-up step failed: ${errorMessage(e)}`));
      }
    }
  })();
  return cleaning;
}

let signalsInstalled = false;
function installSignalHandlers() {
  if (signalsInstalled) return;
  signalsInstalled = true;
  // A crash must not leave servers running in their own process groups.
  const crash = (e) => {
    console.error(red(errorMessage(e)));
    runCleanup().finally(() => process.exit(1));
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(signal, () => {
      // A second Ctrl-C while stopping means "now": skip the remaining clean-up.
      if (cleaning) process.exit(code);
      console.log(`\nStopping (${signal})…`);
      runCleanup().finally(() => process.exit(code));
    });
  }
}

/**
 * Entry point of every script: loads .env, runs `fn`, then the clean-ups, and exits.
 * A UserError prints its message only; anything else prints its stack.
 */
export async function main(fn) {
  installSignalHandlers();
  let code = 0;
  try {
    // A .env at the root configures every command; variables set in the shell take precedence.
    const dotenv = resolve(ROOT, '.env');
    if (existsSync(dotenv)) process.loadEnvFile(dotenv);
    const result = await fn();
    if (typeof result === 'number') code = result;
  } catch (e) {
    // A child that already explained its failure (e.g. the API's command line) is not repeated.
    if (!e?.silent) console.error(red(errorMessage(e)));
    code = e?.exitCode ?? 1;
  }
  await runCleanup();
  process.exit(code);
}

/** Kills a whole process group (a server and whatever it spawned, e.g. npm → vite), politely then firmly. */
export async function killGroup(pid, { graceMs = 8000 } = {}) {
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {}
  const deadline = Date.now() + graceMs;
  while (alive() && Date.now() < deadline) await sleep(100);
  if (alive()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function commandLine(cmd, args) {
  return [cmd, ...args].map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ');
}

/**
 * Runs a command to completion in its own process group (killed with its children if this script stops).
 * Output goes to the terminal, or is captured (`quiet`) and shown only when the command fails.
 * Resolves with the captured output; rejects with a UserError naming the command (`silentFailure`: one
 * that prints nothing more and carries the child's exit code, for children that explain their own failures).
 */
export function run(
  cmd,
  args = [],
  { cwd = ROOT, env = {}, quiet = false, label, silentFailure = false } = {},
) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
      detached: true,
    });
    const unregister = onCleanup(() => killGroup(child.pid));
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    child.on('error', (e) => {
      unregister();
      reject(new UserError(`Could not run ${cmd}: ${e.message}`));
    });
    child.on('exit', (code, signal) => {
      unregister();
      if (code === 0) return resolveRun(out);
      if (quiet && out) process.stderr.write(out);
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      const err = new UserError(`${label ?? commandLine(cmd, args)} ${how}`);
      if (silentFailure) Object.assign(err, { silent: true, exitCode: code ?? 1 });
      reject(err);
    });
  });
}

/**
 * Starts a long-running server in its own process group and stops the whole group on clean-up
 * (killing only the top pid would leave e.g. vite's child listening). Output lines get a `[name]` prefix.
 */
export function startServer(name, cmd, args = [], { cwd = ROOT, env = {}, onExit } = {}) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${name}] `;
  const pipe = (stream, target) => {
    let rest = '';
    stream.on('data', (d) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop();
      for (const line of lines) target.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => rest && target.write(`${prefix}${rest}\n`));
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  let stopping = false;
  const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  exited.then((how) => {
    if (!stopping) onExit?.(how);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) await killGroup(child.pid);
  };
  onCleanup(stop);
  return { child, exited, stop };
}

/**
 * Polls `url` until it answers 2xx. Fails early when `server` (from startServer) exits first,
 * and after `timeoutMs` with a message naming what was awaited.
 */
export async function waitForHttp(url, { timeoutMs = 60_000, server, what = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  server?.exited.then((how) => {
    exited = how;
  });
  let last = '';
  while (Date.now() < deadline) {
    if (exited)
      throw new UserError(`${what} stopped before it was ready (exit code ${exited.code ?? exited.signal})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (e) {
      last = e.cause?.code ?? e.message;
    }
    await sleep(250);
  }
  throw new UserError(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s (last answer: ${last})`);
}
