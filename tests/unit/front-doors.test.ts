/**
 * Front doors (issue 47): mcp/ and scripts/ use a feature of the site only through its entry file, and no code
 * replaces globalThis.fetch or globalThis.location. eslint.config.mjs enforces both in `npm run lint`; this test
 * checks that the rules are on and scoped as meant (a config edit that dropped them would pass lint silently),
 * that each entry exists and is named in its feature's README, and that the MCP package claims no more than it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import {ESLint} from 'eslint';
import {describe, expect, it} from 'vitest';
import {FRONT_DOORS} from '../../eslint.config.mjs';

const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({cwd: ROOT});

/** The rules that fail on `code` placed at `file` (a path in the repository; the file need not exist). */
async function failures(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: path.join(ROOT, file)});
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('mcp/ and scripts/ import a feature through its front door only', () => {
  it.each([
    ["import {markdownPathOfPage} from '../../plugins/markdown-export/markdownPath.ts';", 'mcp/lib/pages.mjs'],
    ["export {refName} from '../../plugins/api-reference/model/openapi.ts';", 'mcp/lib/openapi.mjs'],
    ["const {searchSite} = await import('../../../src/search/rankedSearch.ts');", 'mcp/lib/search/search.mjs'],
    ["const {checkDbtYaml} = await import('../src/lib/yamlCheck/checkYaml.ts');", 'scripts/bench-yaml-check.mjs'],
    ["import {tokenize} from '@site/src/search/candidates';", 'scripts/bench/search.mjs'],
  ])('refuses %s', async (code, file) => {
    expect((await failures(code, file)).join('\n')).toMatch(/use a feature through its entry file only/);
  });

  it('accepts every front door, statically and with import()', async () => {
    for (const door of FRONT_DOORS) {
      expect(await failures(`import * as door from '../../${door}';\nexport {door};`, 'mcp/lib/x.mjs'), door).toEqual(
        [],
      );
      expect(await failures(`export const door = await import('../${door}');`, 'scripts/x.mjs'), door).toEqual([]);
    }
  });

  it('leaves the site’s own code, whose features import their modules, alone', async () => {
    const code =
      "import {markdownPathFor} from '@site/plugins/markdown-export/markdownPath';\nexport {markdownPathFor};";
    expect(await failures(code, 'src/theme/DocItem/Content/x.ts')).toEqual([]);
  });

  it('has each front door on disk and named in its feature’s README under “Use from outside”', () => {
    expect(FRONT_DOORS.length).toBeGreaterThanOrEqual(6);
    for (const door of FRONT_DOORS) {
      expect(fs.existsSync(path.join(ROOT, door)), door).toBe(true);
      let dir = path.dirname(door);
      while (!fs.existsSync(path.join(ROOT, dir, 'README.md'))) dir = path.dirname(dir);
      const readme = fs.readFileSync(path.join(ROOT, dir, 'README.md'), 'utf8');
      expect(readme, `${dir}/README.md`).toContain('**Use from outside**');
      expect(readme, `${dir}/README.md names ${door}`).toContain(path.relative(dir, door));
    }
  });
});

describe('nothing replaces globalThis.fetch or globalThis.location', () => {
  // Each assignment is put together from its parts, so the tree holds none even as text (the grep of issue 47).
  it.each([
    ['globalThis', 'fetch', 'async () => new Response("")', 'scripts/bench/x.mjs'],
    ['globalThis', 'location', 'new URL("http://localhost/")', 'mcp/lib/search/x.mjs'],
    ['global', 'fetch', '() => undefined', 'tests/unit/x.test.ts'],
  ])('refuses %s.%s = %s in %s', async (object, property, value, file) => {
    const code = `${object}.${property} = ${value};`;
    expect((await failures(code, file)).join('\n')).toMatch(/Do not replace globalThis\.fetch/);
  });

  it('refuses Object.defineProperty of globalThis.location', async () => {
    const code = "Object.defineProperty(globalThis, 'location', {value: {href: '/'}});";
    expect((await failures(code, 'src/search/x.ts')).join('\n')).toMatch(/Do not redefine globalThis\.fetch/);
  });

  it('allows reading them and calling fetch', async () => {
    expect(
      await failures('export const here = globalThis.location?.href ?? (await fetch("/x")).url;', 'src/x.ts'),
    ).toEqual([]);
  });
});

describe('the MCP package', () => {
  it('is private and publishes nothing: it runs from the repository, importing ../src and ../plugins', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'mcp/package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.private).toBe(true);
    expect(pkg.files).toBeUndefined();
    expect(fs.readFileSync(path.join(ROOT, 'mcp/README.md'), 'utf8')).toContain(
      'runs from a checkout of this repository',
    );
  });
});
