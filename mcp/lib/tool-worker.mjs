/**
 * A worker thread of the tool pool (toolPool.mjs). It imports `workerData.preload` in order (the loader
 * hooks first: Node 20 does not share the main thread's hooks with a worker, and the tools import the
 * site's TypeScript modules through them), then `workerData.module`, whose `createToolRunner(options)`
 * registers the tools on a server of its own and resolves to the function that runs one task. It runs
 * one task at a time: the pool ends a worker whose task runs past its budget.
 */
import {parentPort, workerData} from 'node:worker_threads';

const {preload = [], module, options} = workerData;
for (const url of preload) await import(url);
const {createToolRunner} = await import(module);
const runTask = await createToolRunner(options);

parentPort.on('message', async (message) => {
  if (message?.type !== 'run') return;
  try {
    const result = await runTask(message.task);
    parentPort.postMessage({type: 'done', id: message.id, ok: true, result});
  } catch (error) {
    parentPort.postMessage({type: 'done', id: message.id, ok: false, message: error?.message ?? String(error)});
  }
});
parentPort.postMessage({type: 'ready'});
