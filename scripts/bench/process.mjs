// Child processes of the benchmark: every one is registered so that a normal exit, an error or
// Ctrl-C stops it (servers must never be left running), and output is kept for error messages.
import {spawn} from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/** Where the benchmark keeps peers, tools and site copies between runs (outside the repository). */
export const WORK_ROOT = path.join(os.tmpdir(), 'lightdash-docs-bench');

export const log = (message) => process.stderr.write(`[bench] ${message}\n`);

/** A failure the user can act on: printed without a stack trace. */
export class BenchError extends Error {}

const running = new Set();
const cleanups = [];

/** Runs fn at exit (servers, browsers, temp folders); returns a function that runs it early. */
export function onCleanup(fn) {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await fn();
  };
  cleanups.push(once);
  return once;
}

let cleaning = null;
/** Stops every child and runs the cleanups; safe to call twice (the second call waits for the first). */
export function cleanupAll() {
  cleaning ??= runCleanups();
  return cleaning;
}

async function runCleanups() {
  const children = [...running];
  for (const child of children) killTree(child, 'SIGINT');
  // Give them a moment to stop their own children, then force the rest.
  const deadline = Date.now() + 5000;
  while (children.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const child of children) killTree(child, 'SIGKILL');
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      log(`cleanup failed: ${/** @type {Error} */ (error).message}`);
    }
  }
}

const isAlive = (child) => child.exitCode === null && child.signalCode === null;

/**
 * Signals the child's whole process group (it was spawned detached, so it leads one). SIGINT first:
 * Lighthouse's Chrome launcher closes the Chrome it started (its own process group) on SIGINT.
 */
function killTree(child, signal) {
  if (!isAlive(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts a command in its own process group. Returns the child and a promise of
 * {code, output, seconds}; output keeps the last 200 lines (stdout and stderr together).
 * @param {string} cmd
 * @param {string[]} args
 * @param {{cwd?: string, env?: Record<string, string | undefined>, echo?: boolean}} [options]
 */
export function start(cmd, args, {cwd, env = {}, echo = false} = {}) {
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd,
    env: {...process.env, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  const lines = [];
  const keep = (chunk) => {
    if (echo) process.stderr.write(chunk);
    lines.push(...String(chunk).split('\n'));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const done = new Promise((resolve) => {
    const finish = (code) => {
      running.delete(child);
      resolve({code, output: lines.join('\n'), seconds: (performance.now() - started) / 1000});
    };
    child.on('error', (error) => {
      lines.push(String(error.message));
      finish(127);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
  return {child, done, stop: () => killTree(child, 'SIGINT')};
}

/** Runs a command to the end; throws a BenchError with the output's tail when it fails. */
export async function run(cmd, args, options = {}) {
  const {done} = start(cmd, args, options);
  const result = await done;
  if (result.code !== 0) {
    const tail = result.output.split('\n').slice(-25).join('\n');
    throw new BenchError(`\`${[cmd, ...args].join(' ')}\` failed (exit ${result.code}) in ${options.cwd}:\n${tail}`);
  }
  return result;
}

let handlersInstalled = false;
let interrupted = null;
/** The signal that interrupted the run, if any (the main flow then fails on closed pages; say why). */
export const interruptedBy = () => interrupted;

/** Stops children and runs cleanups on Ctrl-C / kill, then exits with the conventional code. */
export function installSignalHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const [signal, code] of /** @type {[NodeJS.Signals, number][]} */ ([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])) {
    process.on(signal, () => {
      interrupted = signal;
      log(`${signal}: stopping servers and builds...`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
}
