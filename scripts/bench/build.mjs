// Build time and peak memory of a Docusaurus site: cold (`docusaurus clear`, then build) and warm
// (the same build again, with the persistent Rspack cache the cold build wrote).
import fs from 'node:fs';
import path from 'node:path';
import {BenchError, log, run, start} from './process.mjs';
import {watchTree} from './proc.mjs';

const docusaurusBin = (siteDir) => path.join(siteDir, 'node_modules/.bin/docusaurus');

/** One `docusaurus build`: wall time, CPU time and the peak resident memory of its whole process tree. */
export async function timedBuild(siteDir, env = {}) {
  // The binary itself, not npx/npm: the measured tree is the build, not a wrapper shell.
  const {child, done} = start(docusaurusBin(siteDir), ['build'], {cwd: siteDir, env});
  const watcher = watchTree(child.pid);
  const result = await done;
  const {peakBytes, cpuSeconds} = watcher.stop();
  if (result.code !== 0) {
    const tail = result.output.split('\n').slice(-30).join('\n');
    throw new BenchError(`docusaurus build failed in ${siteDir} (exit ${result.code}):\n${tail}`);
  }
  return {seconds: result.seconds, cpuSeconds, peakMB: peakBytes / 1024 / 1024};
}

/** Number of HTML pages in a build folder (a sanity figure: 5× content must show ~5× docs pages). */
export function countPages(buildDir) {
  let count = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name.endsWith('.html')) count++;
    }
  };
  walk(buildDir);
  return count;
}

/** Cold then warm build of siteDir (whose node_modules/.cache must be its own; see workspace.mjs). */
export async function measureBuilds(siteDir, label, env = {}) {
  // Environment switches must not leak in from the caller's shell (the cache would not notice them).
  const buildEnv = {DOCUSAURUS_NO_PERSISTENT_CACHE: '', E2E_FIXTURES: '', ...env};
  log(`${label}: docusaurus clear`);
  await run(docusaurusBin(siteDir), ['clear'], {cwd: siteDir, env: buildEnv});
  log(`${label}: cold build...`);
  const cold = await timedBuild(siteDir, buildEnv);
  log(
    `${label}: cold ${cold.seconds.toFixed(1)} s (CPU ${cold.cpuSeconds.toFixed(0)} s), peak ${cold.peakMB.toFixed(0)} MB; warm...`,
  );
  const warm = await timedBuild(siteDir, buildEnv);
  log(
    `${label}: warm ${warm.seconds.toFixed(1)} s (CPU ${warm.cpuSeconds.toFixed(0)} s), peak ${warm.peakMB.toFixed(0)} MB`,
  );
  return {cold, warm, pages: countPages(path.join(siteDir, 'build'))};
}
