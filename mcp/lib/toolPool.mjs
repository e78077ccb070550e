/**
 * Tool work off the serving thread: a pool of worker threads (node:worker_threads) that run MCP tool,
 * resource and prompt callbacks, each call with a budget that is enforced by ending its worker.
 *
 * A search over a 500-letter word, a YAML file full of aliases, or any tool added later can take seconds
 * of CPU; on the thread that also serves the site (`npm run serve`) that would stall every reader. So
 * the serving thread registers the tools as usual, for their names, schemas and input checks, but each
 * callback only forwards the call to a worker (`runInPool`). Each worker registers the same tools on its
 * own McpServer and runs the real callbacks (`collectCallbacks`). A call past its budget terminates its
 * worker, which is the only way to stop synchronous JavaScript, and the client gets a tool error saying
 * so; a fresh worker takes its place when work comes.
 *
 * Adding a tool (or a resource, or a prompt) needs nothing here: register it in the function that
 * registers the others (server.mjs `registerDocsTools`), and both threads see it.
 */
import {Worker} from 'node:worker_threads';
import {McpError} from '@modelcontextprotocol/sdk/types.js';

/** A call the pool refused or stopped; its message is written for the client. */
export class ToolLimitError extends Error {}

/**
 * One call: its task, its promise's ends, its timers and, when its worker failed, that error.
 * @typedef {{id: number, task: object, label: string, client: string, resolve: (value: unknown) => void,
 *   reject: (reason: unknown) => void, timer?: NodeJS.Timeout, waitTimer?: NodeJS.Timeout, failure?: any}} Job
 * @typedef {{worker: Worker, ready: boolean, job: Job | null, startError?: string}} Slot
 */

/**
 * @param {object} options
 * @param {URL} options.workerUrl the worker's entry module (tool-worker.mjs)
 * @param {unknown} options.workerData what the worker gets (structured-cloneable)
 * @param {number} options.size most workers at once
 * @param {number} options.deadlineMs a call's budget once its worker starts it
 * @param {number} options.startMs how long a worker may take to load before it is given up
 * @param {number} options.queueWaitMs how long a call may wait for a worker
 * @param {number} options.maxQueued calls that may wait at once
 * @param {number} [options.heapMb] each worker's old-generation heap limit
 * @param {(line: string) => void} [options.log] where a worker's failure is written (default: stderr)
 */
export function createToolPool({
  workerUrl,
  workerData,
  size,
  deadlineMs,
  startMs,
  queueWaitMs,
  maxQueued,
  heapMb,
  log = (line) => console.error(line),
}) {
  /** @type {Set<Slot>} */
  const slots = new Set();
  /** @type {Job[]} */
  const queue = [];
  let nextId = 1;
  let closed = false;
  const stats = {calls: 0, stopped: 0, refused: 0, workersStarted: 0};

  function spawn() {
    const worker = new Worker(workerUrl, {
      workerData,
      ...(heapMb ? {resourceLimits: {maxOldGenerationSizeMb: heapMb}} : {}),
    });
    stats.workersStarted++;
    /** @type {Slot} */
    const slot = {worker, ready: false, job: null, startError: undefined};
    slots.add(slot);
    const startTimer = setTimeout(() => {
      slot.startError = `the tool worker did not start within ${startMs / 1000} s`;
      worker.terminate();
    }, startMs);
    worker.on('message', (message) => {
      if (message?.type === 'ready') {
        clearTimeout(startTimer);
        slot.ready = true;
        worker.unref();
        pump();
      } else if (message?.type === 'done' && slot.job && message.id === slot.job.id) {
        const job = slot.job;
        slot.job = null;
        clearTimeout(job.timer);
        worker.unref();
        if (message.ok) job.resolve(message.result);
        else
          job.reject(
            message.code === undefined
              ? new Error(message.message)
              : new McpError(message.code, message.message, message.data),
          );
        pump();
      }
    });
    worker.on('error', (error) => {
      // An exception the worker did not catch, or its heap limit: it exits next ('exit' below).
      slot.startError ??= slot.ready ? undefined : (error?.message ?? String(error));
      if (slot.job) slot.job.failure = error;
      log(`[lightdash-docs-mcp] tool worker failed: ${error?.stack ?? error}`);
    });
    worker.on('exit', () => {
      clearTimeout(startTimer);
      slots.delete(slot);
      if (slot.job) {
        const job = slot.job;
        slot.job = null;
        clearTimeout(job.timer);
        const reason = job.failure?.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'ran out of memory' : 'stopped unexpectedly';
        job.reject(new ToolLimitError(`${job.label} ${reason} and was ended; try a smaller request.`));
      } else if (!slot.ready && queue.length && !closed) {
        // A worker that cannot start would fail every call the same way: the oldest waiting call
        // gets the reason, and the next spawn (for the calls left) tries again.
        const job = /** @type {Job} */ (queue.shift()); // queue.length was checked
        clearTimeout(job.waitTimer);
        job.reject(new Error(`Internal error: ${slot.startError ?? 'the tool worker could not start'}`));
      }
      if (!closed) pump();
    });
  }

  function start(slot, job) {
    slot.job = job;
    clearTimeout(job.waitTimer);
    slot.worker.ref();
    job.timer = setTimeout(() => {
      // Synchronous work cannot be interrupted: the worker is ended, and its slot freed for a new one.
      stats.stopped++;
      slot.job = null;
      slots.delete(slot);
      slot.worker.terminate();
      job.reject(
        new ToolLimitError(
          `${job.label} was stopped: it ran past its budget of ${deadlineMs / 1000} s. ` +
            'Ask for less (a shorter query, a smaller file) and try again.',
        ),
      );
      pump();
    }, deadlineMs);
    slot.worker.postMessage({type: 'run', id: job.id, task: job.task});
  }

  /**
   * The waiting call to start next: the oldest of the client with the fewest calls running, so that
   * one client's calls cannot take every worker while another client waits.
   */
  function nextJob() {
    const running = new Map();
    for (const slot of slots) if (slot.job) running.set(slot.job.client, (running.get(slot.job.client) ?? 0) + 1);
    let best = 0;
    for (let i = 1; i < queue.length; i++) {
      if ((running.get(queue[i].client) ?? 0) < (running.get(queue[best].client) ?? 0)) best = i;
    }
    return queue.splice(best, 1)[0];
  }

  function pump() {
    while (queue.length) {
      const free = [...slots].find((slot) => slot.ready && !slot.job);
      if (!free) break;
      start(free, nextJob());
    }
    // Once used, the pool keeps all its workers started (a stopped one is replaced at once), so a call
    // rarely waits for a worker to load the search indexes.
    while (slots.size < size && !closed) spawn();
  }

  return {
    stats,
    /** Workers alive now (for tests and logs). */
    get workers() {
      return slots.size;
    },
    /**
     * Runs one task in a worker; resolves to what the worker's runner returned.
     * @param {object} task structured-cloneable: what tool-worker.mjs hands to its runner
     * @param {string} label how an error names the call ("search_docs")
     * @param {string} [client] who asked (clients.mjs clientKey), for a fair turn
     */
    run(task, label, client = '') {
      if (closed) return Promise.reject(new ToolLimitError('The server is shutting down.'));
      if (queue.length >= maxQueued) {
        stats.refused++;
        return Promise.reject(new ToolLimitError('The server is busy with other calls; try again in a few seconds.'));
      }
      stats.calls++;
      return new Promise((resolve, reject) => {
        /** @type {Job} */
        const job = {id: nextId++, task, label, client, resolve, reject, timer: undefined, waitTimer: undefined};
        job.waitTimer = setTimeout(() => {
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
          stats.refused++;
          reject(
            new ToolLimitError(
              `${label} waited ${queueWaitMs / 1000} s for a free worker; the server is busy, try again shortly.`,
            ),
          );
        }, queueWaitMs);
        queue.push(job);
        pump();
      });
    },
    /** Ends every worker; waiting calls are refused. */
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        clearTimeout(job.waitTimer);
        job.reject(new ToolLimitError('The server is shutting down.'));
      }
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}

/** What registerTool and friends take, for the wrappers below: name first, callback last. */
const REGISTER_METHODS = ['registerTool', 'registerResource', 'registerPrompt'];
const KIND = {registerTool: 'tool', registerResource: 'resource', registerPrompt: 'prompt'};

/**
 * Options the serving thread reads from a tool's config and the SDK does not know; taken out before the
 * SDK sees the config. `rateLimitPerMinute`: calls one client may make a minute (submit_feedback).
 */
function splitConfig(method, args) {
  const at = method === 'registerResource' ? 2 : 1;
  const {rateLimitPerMinute, ...config} = args[at] ?? {};
  const copy = [...args];
  copy[at] = config;
  return {args: copy, limits: {rateLimitPerMinute}};
}

/**
 * In the serving thread: every tool, resource and prompt registered on `server` from now on keeps its
 * name, schema and input checks, but its callback forwards the call to `call(task, limits)`.
 * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server
 * @param {(task: object, limits: object) => Promise<unknown>} call
 */
export function runInPool(server, call) {
  for (const method of REGISTER_METHODS) {
    const register = server[method].bind(server);
    server[method] = (...given) => {
      const {args, limits} = splitConfig(method, given);
      const name = args[0];
      const kind = KIND[method];
      let forward;
      if (kind === 'resource') {
        // (uri, extra) for a fixed URI, (uri, variables, extra) for a template.
        const template = typeof args[1] !== 'string';
        forward = (uri, ...rest) =>
          call({kind, name, uri: uri.href, ...(template ? {variables: rest[0]} : {})}, limits);
      } else {
        // A tool or prompt without an input schema is called with `extra` alone, which stays here.
        const config = args[1] ?? {};
        const takesArgs = (kind === 'tool' ? config.inputSchema : config.argsSchema) !== undefined;
        forward = (input) => call({kind, name, ...(takesArgs ? {args: input} : {})}, limits);
      }
      args[args.length - 1] = forward;
      return register(...args);
    };
  }
  return server;
}

/**
 * In a worker: records the real callback of every tool, resource and prompt registered on `server`, and
 * returns the function that runs a task sent by runInPool.
 */
export function collectCallbacks(server) {
  const callbacks = new Map();
  for (const method of REGISTER_METHODS) {
    const register = server[method].bind(server);
    server[method] = (...given) => {
      const {args} = splitConfig(method, given);
      callbacks.set(`${KIND[method]}:${args[0]}`, {callback: args.at(-1), template: typeof args[1] !== 'string'});
      return register(...args);
    };
  }
  const extra = () => ({signal: new AbortController().signal});
  return async function runTask(task) {
    const found = callbacks.get(`${task.kind}:${task.name}`);
    if (!found) throw new Error(`No ${task.kind} named ${task.name} in the tool worker.`);
    if (task.kind === 'resource') {
      const uri = new URL(task.uri);
      return found.template ? found.callback(uri, task.variables, extra()) : found.callback(uri, extra());
    }
    return task.args === undefined ? found.callback(extra()) : found.callback(task.args, extra());
  };
}
