// Tools only the benchmark uses, installed at run time into a cache folder outside the repository
// (never into the project's node_modules) and reused by later runs.
import fs from 'node:fs';
import path from 'node:path';
import {BenchError, WORK_ROOT, log, run} from './process.mjs';

const TOOLS_DIR = path.join(WORK_ROOT, 'tools');

function installedVersion(dir, name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** Installs name@version into TOOLS_DIR unless that exact version is there; returns the package folder. */
export async function ensureTool(name, version) {
  const folder = path.join(TOOLS_DIR, 'node_modules', name);
  if (installedVersion(TOOLS_DIR, name) === version) return folder;
  log(`installing ${name}@${version} into ${TOOLS_DIR} (once)...`);
  fs.mkdirSync(TOOLS_DIR, {recursive: true});
  try {
    await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', TOOLS_DIR, `${name}@${version}`], {
      cwd: TOOLS_DIR,
    });
  } catch (error) {
    throw new BenchError(
      `Could not install ${name}@${version}, which the benchmark needs.\n${/** @type {Error} */ (error).message}`,
    );
  }
  if (installedVersion(TOOLS_DIR, name) !== version) {
    throw new BenchError(`Installed ${name} but found version ${installedVersion(TOOLS_DIR, name)}, not ${version}.`);
  }
  return folder;
}
