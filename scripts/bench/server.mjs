// Serves a build folder the way a static host would (gzip/brotli, real 404s) with scripts/serve.mjs,
// for ours and the peers alike, and stops it at cleanup.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {BenchError, onCleanup, start} from './process.mjs';

const serveScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../serve.mjs');

async function waitUntilUp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Starts a server for buildDir on port; returns {origin, stop}. */
export async function serveBuild(buildDir, port) {
  const server = start(process.execPath, [
    serveScript,
    '--dir',
    path.resolve(buildDir),
    '--port',
    String(port),
    '--quiet',
  ]);
  const stop = onCleanup(async () => {
    server.stop();
    await server.done;
  });
  const origin = `http://127.0.0.1:${port}`;
  if (!(await waitUntilUp(`${origin}/`, server.child, 15_000))) {
    await stop();
    const {output} = await server.done;
    throw new BenchError(`Could not serve ${buildDir} on port ${port} (is the port taken?):\n${output}`);
  }
  return {origin, stop};
}
