/**
 * The module hooks of the MCP server (mcp/lib/search/loader-hooks.mjs) let plain Node load the
 * search plugin's browser modules and the site's own TypeScript modules, such as the site's search
 * engine (src/search/engine.ts).
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from './client';

/** Runs an ES module snippet in a fresh Node with the server's hooks installed; returns its stdout. */
function runWithHooks(code: string): {status: number | null; stdout: string; stderr: string} {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {cwd: ROOT, encoding: 'utf8'});
  return {status: run.status, stdout: run.stdout.trim(), stderr: run.stderr};
}

const register = `import ${JSON.stringify(path.join(ROOT, 'mcp/lib/search/register.mjs'))};`;

describe('the MCP server’s module hooks', () => {
  it('load the search plugin’s query building, which plain Node cannot', () => {
    const load = `const m = await import('@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js');
      console.log(typeof m.smartQueries);`;
    expect(runWithHooks(load).status).not.toBe(0);
    expect(runWithHooks(`${register}\n${load}`)).toMatchObject({status: 0, stdout: 'function'});
  });

  it('load the site’s search engine, with the plugin modules it uses', () => {
    const file = JSON.stringify(path.join(ROOT, 'src/search/engine.ts'));
    const run = runWithHooks(`${register}
      const {createSearch, BOX_LIMIT} = await import(${file});
      console.log(typeof createSearch, BOX_LIMIT, typeof globalThis.location);`);
    expect(run).toMatchObject({status: 0, stdout: 'function 8 undefined'});
  });

  it('load a TypeScript module of the site and run it', () => {
    const file = JSON.stringify(path.join(ROOT, 'src/search/searchIndex.ts'));
    const run = runWithHooks(`${register}
      const {searchIndexAddress} = await import(${file});
      console.log(searchIndexAddress('/next/', 'api/v1', 'search-index{dir}.json', 'http://docs.test').href);`);
    expect(run).toMatchObject({status: 0, stdout: 'http://docs.test/next/search-index-api-v1.json'});
  });
});
