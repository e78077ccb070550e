#!/usr/bin/env node
// Serves a build with Debian's nginx and the build's own build/nginx.conf, on loopback, in the
// foreground: what the browser tests run against to prove that config (tests/e2e/nginx.spec.ts), and a
// way to try it by hand. Everything nginx writes (pid, logs, temp files) goes to a temporary folder.
// Usage: node scripts/nginx-serve.mjs [--dir build] [--port 3102] [--host 127.0.0.1]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
/** Where Debian's libnginx-mod-http-brotli-static puts the module that brotli_static needs. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** nginx's temporary folders, each kept under the run's own prefix. */
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/** The main configuration around the build's server rules: one worker, no daemon, logs to `prefix`. */
function mainConfig({dir, port, host, prefix, asRoot}) {
  const temp = (name) => `${name}_temp_path ${path.join(prefix, name)};`;
  return [
    // nginx started by root hands requests to an unprivileged user that may not read the checkout.
    ...(asRoot ? ['user root root;'] : []),
    `load_module ${BROTLI_STATIC_MODULE};`,
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  access_log off;',
    ...TEMP_PATHS.map((name) => `  ${temp(name)}`),
    '  server {',
    `    listen ${host}:${port};`,
    `    root ${dir};`,
    `    include ${path.join(dir, 'nginx.conf')};`,
    '  }',
    '}',
    '',
  ].join('\n');
}

function main() {
  const {values} = parseArgs({
    options: {
      dir: {type: 'string', default: 'build'},
      port: {type: 'string', default: '3102'},
      host: {type: 'string', default: '127.0.0.1'},
    },
  });
  const dir = path.resolve(siteDir, values.dir);
  for (const [file, fix] of [
    [NGINX, 'install nginx (Debian: `apt-get install nginx`) or set NGINX_PATH'],
    [BROTLI_STATIC_MODULE, "install Debian's libnginx-mod-http-brotli-static"],
    [path.join(dir, 'nginx.conf'), 'build the site first (`npm run build`)'],
  ]) {
    if (!fs.existsSync(file)) {
      console.error(`nginx-serve: ${file} not found: ${fix}.`);
      process.exit(1);
    }
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-docs-'));
  for (const name of TEMP_PATHS) fs.mkdirSync(path.join(prefix, name));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    mainConfig({dir, port: values.port, host: values.host, prefix, asRoot: process.getuid?.() === 0}),
  );
  // -e: nginx opens its compiled-in error log before reading the config; send that one here too.
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], {stdio: 'inherit'});
  console.log(
    `nginx serving ${path.relative(siteDir, dir) || '.'} at http://${values.host}:${values.port}/ (logs: ${prefix})`,
  );
  const stop = () => child.kill('SIGQUIT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code, signal) => {
    const log = path.join(prefix, 'error.log');
    if (code && fs.existsSync(log)) process.stderr.write(fs.readFileSync(log, 'utf8'));
    fs.rmSync(prefix, {recursive: true, force: true});
    process.exit(code ?? (signal === 'SIGQUIT' ? 0 : 1));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
