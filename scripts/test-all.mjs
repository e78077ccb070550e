#!/usr/bin/env node
// `npm test`: every check. Steps run as soon as the steps they need have passed, several at once,
// because most of them leave one of the two cores idle (tsc, eslint and the diagram check are
// single-threaded; the browser tests wait on pages as much as they compute). The first failure stops
// everything. At the end a table gives each step's wall time.
//
//   node scripts/test-all.mjs              every step (what CI runs)
//   node scripts/test-all.mjs lint build   only the steps whose names contain one of the words
//   node scripts/test-all.mjs --quick      the everyday loop: no crawl, and builds reused when present
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import {fileURLToPath} from 'node:url';

const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const missing = (dir) => !fs.existsSync(`${dir}/index.html`);

/**
 * Both builds write the site's generated files (`.docusaurus/`), so they run one after the other; the
 * fixture build goes first, while the single-threaded checks keep the other core busy. The unit tests
 * read the production build and its `.docusaurus/` (the search plugin's constants), so they wait for it.
 */
const steps = [
  {name: 'contract', cmd: ['npm', 'run', '--silent', 'contract:build']},
  {name: 'typecheck', after: ['contract'], cmd: ['npx', 'tsc', '--noEmit']},
  {name: 'lint', cmd: ['npm', 'run', '--silent', 'lint']},
  {name: 'diagrams up to date', cmd: ['npm', 'run', '--silent', 'diagrams', '--', '--check']},
  // afdocs and the MCP conformance suite ask for Node 22: their own package (tests/tools), installed with Node 22.
  {name: 'Node 22 test tools', cmd: ['node', 'scripts/setup-node22-tools.mjs']},
  {
    name: 'browser-test fixture build',
    after: ['contract'],
    cmd: ['npm', 'run', '--silent', 'build:e2e'],
    skip: quick && !missing('build-e2e') && 'build-e2e/ exists (--quick reuses it)',
  },
  {
    name: 'production build',
    after: ['contract', 'browser-test fixture build'],
    cmd: ['npm', 'run', '--silent', 'build:site'],
    skip: quick && !missing('build') && 'build/ exists (--quick reuses it)',
  },
  {
    name: 'unit, content and contract tests',
    after: ['production build', 'Node 22 test tools'],
    cmd: ['npx', 'vitest', 'run'],
  },
  {
    name: 'browser tests',
    after: ['production build', 'browser-test fixture build', 'Node 22 test tools'],
    cmd: ['npm', 'run', '--silent', 'test:e2e', ...(quick ? ['--', '--grep-invert', 'crawl,'] : [])],
  },
].filter((step) => only.length === 0 || only.some((word) => step.name.includes(word)));

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const running = new Map();
const done = new Map();
/** CPU seconds of each finished step, as text. */
const cpu = new Map();

/** Every line a step prints, with the step's name in front, so parallel output stays readable. */
function pipeLines(stream, label, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${label} │ ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${label} │ ${rest}\n`));
}

function stopAll(status) {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  printTimes();
  process.exit(status);
}

function printTimes() {
  console.log('\nstep                              wall (s)   CPU (s)');
  for (const [name, time] of done)
    console.log(`${name.padEnd(34)}${time.padStart(8)}${(cpu.get(name) ?? '').padStart(10)}`);
  const total = [...cpu.values()].reduce((sum, s) => sum + Number(s), 0).toFixed(1);
  console.log(`${'whole run'.padEnd(34)}${seconds(started).padStart(8)}${total.padStart(10)}`);
}

/**
 * Each step runs under bash, whose `times` then writes the CPU its processes used (user and system, the
 * processes they waited for included) to file descriptor 3: on two cores, CPU is what the wall time of
 * the parallel steps is made of.
 */
/**
 * @param {string[]} cmd
 * @returns {[string, string[]]}
 */
function withCpuReport(cmd) {
  return ['bash', ['-c', '"$@" 3>&-; status=$?; times >&3; exit $status', 'step', ...cmd]];
}

/** The children's user and system times from `times` ("0m1.5s 0m0.2s" on its second line), in seconds. */
export function cpuSecondsOf(timesOutput) {
  const children = timesOutput.trim().split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return parts.length === 2 ? parts[0] + parts[1] : null;
}

function ready(step) {
  return (step.after ?? []).every((name) => done.has(name) || !steps.some((s) => s.name === name));
}

function startReady() {
  for (const step of steps) {
    if (done.has(step.name) || running.has(step.name) || !ready(step)) continue;
    if (step.skip) {
      console.log(`- ${step.name}: skipped, ${step.skip}`);
      done.set(step.name, '0.0');
      continue;
    }
    const since = Date.now();
    console.log(`\n=== ${step.name} ===`);
    // detached: its own process group, so a failure elsewhere can stop it with everything it started.
    const [command, args] = withCpuReport(step.cmd);
    const child = spawn(command, args, {stdio: ['ignore', 'pipe', 'pipe', 'pipe'], detached: true});
    pipeLines(child.stdout, step.name, process.stdout);
    pipeLines(child.stderr, step.name, process.stderr);
    let times = '';
    // Descriptor 3 is the 'pipe' asked for above, never null.
    /** @type {import('node:stream').Readable} */ (child.stdio[3]).on('data', (chunk) => (times += chunk));
    running.set(step.name, child);
    child.on('close', (code) => {
      running.delete(step.name);
      if (code !== 0) {
        console.error(`\n✗ ${step.name} failed after ${seconds(since)} s`);
        stopAll(code ?? 1);
      }
      const cpuSeconds = cpuSecondsOf(times);
      console.log(
        `✓ ${step.name} (${seconds(since)} s${cpuSeconds === null ? '' : `, ${cpuSeconds.toFixed(1)} CPU-s`})`,
      );
      done.set(step.name, seconds(since));
      if (cpuSeconds !== null) cpu.set(step.name, cpuSeconds.toFixed(1));
      startReady();
    });
  }
  if (running.size === 0 && done.size === steps.length) {
    printTimes();
    process.exit(0);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('SIGINT', () => stopAll(130));
  process.on('SIGTERM', () => stopAll(143));
  startReady();
}
