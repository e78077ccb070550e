// Worker thread of plugins/precompress-early: compresses one folder of the build and reports back.
import {parentPort, workerData} from 'node:worker_threads';
import {precompress} from './precompress.mjs';

const {outDir, only} = workerData;
// One file at a time: this thread runs beside the search plugin's indexing, on the other core.
// Started by plugins/precompress-early as a worker thread, so parentPort is always there.
/** @type {import('node:worker_threads').MessagePort} */ (parentPort).postMessage(
  await precompress(outDir, {only, concurrency: 1}),
);
