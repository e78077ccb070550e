// Build time and peak memory of a Docusaurus site: cold (`docusaurus clear`, then build) and warm
// (the same build again, with the persistent Rspack cache the cold build wrote).
import fs from 'node:fs';
import path from 'node:path';
import {BenchError, log, run, start} from './process.mjs';
import {watchTree} from './proc.mjs';

const docusaurusBin = (siteDir) => path.join(siteDir, 'node_modules/.bin/docusaurus');

/** One `docusaurus build`: wall time, CPU time and the peak resident memory of its whole process tree. */
function timedBuild(siteDir, env = {}) {
  // The binary itself, not npx/npm: the measured tree is the build, not a wrapper shell.
  return timedStep(siteDir, docusaurusBin(siteDir), ['build'], env);
}

/** Number of HTML pages in a build folder (a sanity figure: 5× content must show ~5× docs pages). */
function countPages(buildDir) {
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

/** A command's wall time, CPU time and the peak resident memory of its process tree. */
async function timedStep(siteDir, cmd, args, env) {
  const {child, done} = start(cmd, args, {cwd: siteDir, env});
  const watcher = watchTree(child.pid);
  const result = await done;
  const {peakBytes, cpuSeconds} = watcher.stop();
  if (result.code !== 0) {
    const tail = result.output.split('\n').slice(-30).join('\n');
    throw new BenchError(`\`${[cmd, ...args].join(' ')}\` failed in ${siteDir} (exit ${result.code}):\n${tail}`);
  }
  return {seconds: result.seconds, cpuSeconds, peakMB: peakBytes / 1024 / 1024};
}

/**
 * `npm run build` of our site is the contract compile, `docusaurus build` and scripts/postbuild.mjs
 * (search indexes, CSP headers, precompression). The steps around `docusaurus build` are timed on
 * their own, so the Docusaurus figure stays comparable with the peers' and the sum is the whole build.
 */
export const OUR_BUILD_STEPS = {
  before: {args: ['scripts/build-contract.mjs']},
  after: {args: ['scripts/postbuild.mjs', 'build']},
};

/** {seconds, cpuSeconds, peakMB} of the three steps of a whole build together. */
export function wholeBuild(before, build, after) {
  const parts = [before, build, after].filter(Boolean);
  return {
    seconds: parts.reduce((sum, p) => sum + p.seconds, 0),
    cpuSeconds: parts.reduce((sum, p) => sum + p.cpuSeconds, 0),
    peakMB: Math.max(...parts.map((p) => p.peakMB)),
  };
}

/**
 * Cold then warm build of siteDir (whose node_modules/.cache must be its own; see workspace.mjs).
 * With `steps` (our site), the steps before and after `docusaurus build` run and are timed too.
 * @param {string} siteDir
 * @param {string} label
 * @param {Record<string, string>} [env]
 * @param {Record<string, {args: string[]}> | null} [steps] OUR_BUILD_STEPS, or null for a peer
 */
export async function measureBuilds(siteDir, label, env = {}, steps = null) {
  // Environment switches must not leak in from the caller's shell (the cache would not notice them).
  const buildEnv = {DOCUSAURUS_NO_PERSISTENT_CACHE: '', E2E_FIXTURES: '', ...env};
  const step = (which) =>
    steps?.[which] ? timedStep(siteDir, process.execPath, steps[which].args, buildEnv) : Promise.resolve(null);
  const once = async (kind) => {
    const before = await step('before');
    const build = await timedBuild(siteDir, buildEnv);
    const after = await step('after');
    /** @type {Record<string, any>} */
    const figures = {...build};
    if (steps) figures.whole = {...wholeBuild(before, build, after), before, after};
    const whole = figures.whole ? `; whole build ${figures.whole.seconds.toFixed(1)} s` : '';
    log(
      `${label}: ${kind} ${build.seconds.toFixed(1)} s (CPU ${build.cpuSeconds.toFixed(0)} s), peak ${build.peakMB.toFixed(0)} MB${whole}`,
    );
    return figures;
  };
  log(`${label}: docusaurus clear`);
  await run(docusaurusBin(siteDir), ['clear'], {cwd: siteDir, env: buildEnv});
  log(`${label}: cold build...`);
  const cold = await once('cold');
  const warm = await once('warm');
  return {cold, warm, pages: countPages(path.join(siteDir, 'build'))};
}
