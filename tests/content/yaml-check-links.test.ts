// The links the YAML checker gives with each problem (src/lib/yamlCheck/docLinks.ts) lead to real sections in both
// docs versions; every object of the dbt schema has one; and the page "Validate your YAML" shows what its checker
// really reports.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkDbtYaml} from '../../src/lib/yamlCheck/checkYaml';
import {DOC_LINKS, LIMITS_LINK, SYNTAX_ERRORS_LINK} from '../../src/lib/yamlCheck/docLinks';
import {deref, propertiesOf, type SchemaNode} from '../../src/lib/yamlCheck/schemaWalk';
import {LIGHTDASH_SCHEMA_URL} from '../../mcp/lib/validate-yaml.mjs';
import {codeBlocks, readPage} from '../support/mdx';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const docsDirs = ['docs', RELEASED_DOCS_DIR];
const schema = JSON.parse(fs.readFileSync(path.join(root, 'static/schemas/lightdash-dbt.json'), 'utf8')) as SchemaNode;
const PAGE = 'guides/validate-your-yaml';

/** Explicit heading ids (`## Title {#id}`) of a page, partials included, outside code blocks. */
function headingIds(file: string): Set<string> {
  const body = readPage(file).body.replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\1\2[ \t]*$/gm, '');
  return new Set([...body.matchAll(/^#{1,6}\s.*\{#([\w-]+)\}\s*$/gm)].map((m) => m[1]));
}

const targets = [
  ...new Set([...Object.values(DOC_LINKS).flatMap((links) => Object.values(links)), SYNTAX_ERRORS_LINK, LIMITS_LINK]),
];

describe.each(docsDirs)('checker links in %s', (dir) => {
  it('there are links for every part of a file', () => {
    expect(targets.length).toBeGreaterThan(20);
  });

  it.each(targets)('%s exists', (target) => {
    const [page, anchor] = target.split('#');
    const file = ['.mdx', '.md'].map((ext) => path.join(root, dir, page + ext)).find((f) => fs.existsSync(f));
    expect(file, `no page ${page} in ${dir}`).toBeDefined();
    expect([...headingIds(file as string)], `${page} has no heading {#${anchor}}`).toContain(anchor);
  });
});

describe('the link table matches the schema', () => {
  const defs = (schema.$defs ?? {}) as Record<string, SchemaNode>;
  /** Objects with settings of their own, which a reader may mistype a key in. */
  const objectDefs = Object.entries(defs)
    .filter(([, node]) => node.type === 'object' && (node.properties || node.allOf))
    .map(([name]) => name);

  it('every object of the schema has a section', () => {
    expect(objectDefs.length).toBeGreaterThan(8);
    expect(objectDefs.filter((name) => !DOC_LINKS[name]?.[''])).toEqual([]);
    expect(DOC_LINKS['#']?.['']).toBeDefined();
  });

  it('names only objects and properties the schema has', () => {
    const stale = Object.entries(DOC_LINKS).flatMap(([def, links]) => {
      const node = def === '#' ? schema : defs[def];
      if (!node) return [`${def} (no such $defs entry)`];
      const properties = propertiesOf(schema, deref(schema, node).node);
      return Object.keys(links)
        .filter((property) => property !== '' && !(property in properties))
        .map((property) => `${def}.${property}`);
    });
    expect(stale).toEqual([]);
  });
});

describe.each(docsDirs)('the page %s/guides/validate-your-yaml', (dir) => {
  const file = path.join(root, dir, `${PAGE}.mdx`);
  const body = readPage(file).body;
  const blocks = codeBlocks(body);

  it('renders the checker and links Lightdash’s own schema where the MCP tool does', () => {
    expect(fs.readFileSync(file, 'utf8')).toMatch(
      /^import YamlValidator from '@site\/src\/components\/YamlValidator';$/m,
    );
    expect(body).toContain('<YamlValidator />');
    expect(body).toContain(`(${LIGHTDASH_SCHEMA_URL})`);
  });

  it('its valid example passes the checker', () => {
    const good = blocks.filter((b) => b.lang === 'yaml');
    expect(good).toHaveLength(1);
    expect(checkDbtYaml(good[0].code).problems).toEqual([]);
  });

  it('its example with mistakes gives the problems at the lines the page names, of the kind it names', () => {
    const bad = blocks.filter((b) => b.lang === 'text');
    expect(bad).toHaveLength(1);
    // "reports errors for line 8 (`type: outer`) and line 17 (`countdistinct`), and a warning for line 5 (`lable`, …)"
    const sentence = /reports errors for .*?its section:/s.exec(body)?.[0].replace(/\s+/g, ' ') ?? '';
    const named = [
      ...sentence.matchAll(/(errors|a warning) for ((?:line \d+ \(`[^`]+`[^)]*\)(?:,? and )?)+)/g),
    ].flatMap(([, kind, lines]) =>
      [...lines.matchAll(/line (\d+) \(`([^`]+)`/g)].map(
        (m) => [Number(m[1]), m[2], kind === 'errors' ? 'error' : 'warning'] as const,
      ),
    );
    expect(named.length).toBe(3);
    const problems = checkDbtYaml(bad[0].code).problems;
    expect(problems.map((p) => [p.line, p.severity])).toEqual(
      [...named].sort((a, b) => a[0] - b[0]).map(([line, , severity]) => [line, severity]),
    );
    const lines = bad[0].code.split('\n');
    for (const [line, text] of named) expect(lines[line - 1]).toContain(text);
  });
});
