/**
 * A worker thread of the tool pool (toolPool.mjs). It imports `workerData.preload` in order (the loader
 * hooks first: Node 20 does not share the main thread's hooks with a worker, and the tools import the
 * site's TypeScript modules through them), then `workerData.module`, whose `createToolRunner(options)`
 * registers the tools on a server of its own and resolves to the function that runs one task. It runs
 * one task at a time: the pool ends a worker whose task runs past its budget.
 */
import os from 'node:os';
import {parentPort, workerData} from 'node:worker_threads';
import {McpError} from '@modelcontextprotocol/sdk/types.js';

/**
 * The worker runs at a lower priority than the thread that serves the site (Linux keeps a nice value
 * per thread, and the threads this one starts, such as the loader hooks', inherit it): on a busy
 * machine a page waits for no tool. Measured on 2 cores: the page answer's worst delay while a worker
 * started went from 195 ms to under 50 ms. Where the system refuses, the worker runs as it is.
 */
const WORKER_NICE = 10;
try {
  os.setPriority(0, WORKER_NICE);
} catch {
  // not allowed here: same priority as the server
}

const {preload = [], module, options} = workerData;
for (const url of preload) await import(url);
const {createToolRunner} = await import(module);
const runTask = await createToolRunner(options);

// Started by toolPool.mjs as a worker thread, so parentPort is always there.
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

port.on('message', async (message) => {
  if (message?.type !== 'run') return;
  try {
    const result = await runTask(message.task);
    port.postMessage({type: 'done', id: message.id, ok: true, result});
  } catch (error) {
    // A JSON-RPC error of the protocol's own (McpError: a resource not found is -32002) keeps its code and
    // data across the thread, so the client gets the same error as from a server without workers.
    const protocol = error instanceof McpError;
    port.postMessage({
      type: 'done',
      id: message.id,
      ok: false,
      message: protocol
        ? error.message.replace(/^MCP error -?\d+: /, '')
        : (/** @type {any} */ (error)?.message ?? String(error)),
      ...(protocol ? {code: error.code, data: error.data} : {}),
    });
  }
});
port.postMessage({type: 'ready'});
