#!/usr/bin/env node
// Browser tests drive Debian's Chromium (no browser download is possible on these machines).
// Installs it with apt when missing; otherwise fails with what to install.
import fs from 'node:fs';
import {spawnSync} from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(cmd, args) {
  return spawnSync(cmd, args, {stdio: 'inherit', env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'}});
}

if (fs.existsSync(CHROMIUM)) process.exit(0);

console.log(`Chromium not found at ${CHROMIUM}: installing Debian's "chromium" package with apt-get...`);
const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
const update = run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update', '-qq']);
const install =
  update.status === 0 &&
  run(sudo[0] ?? 'apt-get', [
    ...sudo.slice(1),
    ...(sudo.length ? ['apt-get'] : []),
    'install',
    '-y',
    '-qq',
    'chromium',
  ]);
if (!install || install.status !== 0 || !fs.existsSync(CHROMIUM)) {
  console.error(
    `Could not install Chromium. Install it yourself (Debian/Ubuntu: \`sudo apt-get install chromium\`), ` +
      `or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.`,
  );
  process.exit(1);
}
console.log(`Chromium installed at ${CHROMIUM}.`);
