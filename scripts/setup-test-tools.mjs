#!/usr/bin/env node
// The programs the browser tests run, from Debian's packages (no browser download is possible on these
// machines): Chromium's headless shell for the tests (`chromium-headless-shell`, the same Chromium
// without the desktop browser around it: about a quarter less CPU per page, which the crawl of every
// page pays 1,500 times), the full browser for the diagrams and the benchmark's Lighthouse, and nginx
// with its brotli_static module, which serves the build with build/nginx.conf for tests/e2e/nginx.spec.ts.
// Installs what is missing with apt; otherwise fails with what to install.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {BROTLI_STATIC_MODULE, NGINX} from './nginx-serve.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

function run(cmd, args) {
  return spawnSync(cmd, args, {stdio: 'inherit', env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'}});
}

function apt(args) {
  const asRoot = process.getuid?.() === 0;
  return run(asRoot ? 'apt-get' : 'sudo', [...(asRoot ? [] : ['apt-get']), ...args]);
}

const wanted = [
  [CHROMIUM, 'chromium'],
  [HEADLESS_SHELL, 'chromium-headless-shell'],
  [NGINX, 'nginx'],
  [BROTLI_STATIC_MODULE, 'libnginx-mod-http-brotli-static'],
];
/** Installs what is missing, or exits with what to install. */
function main() {
  const packages = [...new Set(wanted.filter(([binary]) => !fs.existsSync(binary)).map(([, name]) => name))];
  if (packages.length === 0) return;

  console.log(`Not found: ${packages.join(', ')}. Installing Debian's package(s) with apt-get...`);
  const installed = apt(['update', '-qq']).status === 0 && apt(['install', '-y', '-qq', ...packages]).status === 0;
  const stillMissing = wanted.filter(([binary]) => !fs.existsSync(binary)).map(([binary]) => binary);
  if (!installed || stillMissing.length > 0) {
    console.error(
      `Could not install ${packages.join(' and ')}. Install them yourself (Debian/Ubuntu: ` +
        `\`sudo apt-get install ${packages.join(' ')}\`), or point CHROMIUM_PATH at a Chromium or Chrome ` +
        `binary and NGINX_PATH at an nginx with the brotli_static module, then run the tests again.`,
    );
    process.exit(1);
  }
  console.log(`Installed: ${packages.join(', ')}.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
