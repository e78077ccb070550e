#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Stops at the first failure.
import {spawnSync} from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['diagrams up to date', 'npm', ['run', '--silent', 'diagrams', '--', '--check']],
  ['production build', 'npm', ['run', '--silent', 'build']],
  ['unit, content and contract tests', 'npx', ['vitest', 'run']],
  ['browser-test fixture build', 'npm', ['run', '--silent', 'build:e2e']],
  ['browser tests', 'npm', ['run', '--silent', 'test:e2e']],
];

const only = process.argv.slice(2);
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, {stdio: 'inherit'});
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
