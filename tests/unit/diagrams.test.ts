import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// A strict XML parser is all the test needs (a declared dev dependency).
import {XMLParser, XMLValidator} from 'fast-xml-parser';
import type {Code, Root} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {afterAll, describe, expect, it} from 'vitest';
import {DIAGRAMS_DIR, MODES, diagramHash, findDiagrams, mermaidBlocksIn} from '../../scripts/diagrams-lib.mjs';
import remarkDiagrams from '../../plugins/remark-diagrams';
import {accessibilityOf, describeDiagram} from '../../plugins/remark-diagrams/describe';
import {parseMdx} from '../support/mdx';

const SITE = path.resolve(__dirname, '../..');
const blocks = findDiagrams();

function codeNodes(tree: Root): Code[] {
  const found: Code[] = [];
  const walk = (node: {type: string; children?: unknown[]}) => {
    if (node.type === 'code' && (node as Code).lang === 'mermaid') found.push(node as Code);
    node.children?.forEach((child) => walk(child as {type: string}));
  };
  walk(tree);
  return found;
}

describe('diagrams/: the SVGs of every mermaid block', () => {
  it('finds the blocks of docs/ and versioned_docs/', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(40);
    expect(blocks.some((b) => b.file.startsWith('versioned_docs/'))).toBe(true);
  });

  it('finds a block exactly as MDX parses it (same text, so the same hash)', () => {
    const files = [...new Set(blocks.map((b) => b.file))];
    for (const file of files) {
      const fromMdx = codeNodes(parseMdx(fs.readFileSync(path.join(SITE, file), 'utf8'))).map((n) =>
        diagramHash(n.value),
      );
      expect(fromMdx, file).toEqual(blocks.filter((b) => b.file === file).map((b) => b.hash));
    }
  });

  it('has a light and a dark SVG for every block', () => {
    const missing = blocks.flatMap((b) =>
      MODES.filter((mode) => !fs.existsSync(path.join(DIAGRAMS_DIR, `${b.hash}.${mode}.svg`))).map(
        (mode) => `${b.file}:${b.line} (${mode})`,
      ),
    );
    expect(missing, 'run `npm run diagrams`').toEqual([]);
  });

  it('has no SVG that no block uses', () => {
    const wanted = new Set(blocks.flatMap((b) => MODES.map((mode) => `${b.hash}.${mode}.svg`)));
    const orphans = fs.readdirSync(DIAGRAMS_DIR).filter((name) => !wanted.has(name));
    expect(orphans, 'run `npm run diagrams`, which deletes them').toEqual([]);
  });

  it('holds SVG documents with a size and a viewBox, no script and no HTML labels', () => {
    for (const name of fs.readdirSync(DIAGRAMS_DIR)) {
      const svg = fs.readFileSync(path.join(DIAGRAMS_DIR, name), 'utf8');
      expect(XMLValidator.validate(svg), name).toBe(true);
      const doc = new XMLParser({ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true}).parse(svg);
      const roots = doc.filter((node: object) => !('?xml' in node));
      expect(
        roots.map((node: object) => Object.keys(node)[0]),
        name,
      ).toEqual(['svg']);
      const attrs = roots[0][':@'] as Record<string, string>;
      expect(attrs.viewBox, name).toMatch(/^-?[\d.]+ -?[\d.]+ [\d.]+ [\d.]+$/);
      expect(Number(attrs.width), name).toBeGreaterThan(0);
      expect(Number(attrs.height), name).toBeGreaterThan(0);
      expect(svg, name).not.toMatch(/<script|<foreignObject/i);
    }
  });
});

describe('the block finder', () => {
  it('takes the fence content without the indentation, and skips fences inside other fences', () => {
    const text = [
      '  ```mermaid',
      '  flowchart LR',
      '    A --> B',
      '  ```',
      '````md',
      '```mermaid',
      'not a diagram',
      '```',
      '````',
    ].join('\n');
    expect(mermaidBlocksIn(text)).toEqual([{source: 'flowchart LR\n  A --> B', line: 1}]);
  });
});

describe('remark-diagrams', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
  const source = 'flowchart LR\n  A[Model] -->|deploy| B[Explore]';
  const hash = diagramHash(source);
  const svg = (w: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="40" viewBox="0 0 ${w} 40"></svg>\n`;

  function run(markdown: string, compilerName = 'client') {
    const tree = parseMdx(markdown);
    remarkDiagrams({diagramsDir: dir})(tree, {path: path.join(SITE, 'docs/page.mdx'), data: {compilerName}});
    return tree;
  }
  const attr = (el: MdxJsxFlowElement, name: string) =>
    (el.attributes as MdxJsxAttribute[]).find((a) => a.name === name)?.value;

  it('replaces a mermaid block with <Diagram> holding both SVGs, the size, the text alternative and the source', () => {
    fs.writeFileSync(path.join(dir, `${hash}.light.svg`), svg(120));
    fs.writeFileSync(path.join(dir, `${hash}.dark.svg`), svg(120));
    const tree = run(`Text.\n\n\`\`\`mermaid\n${source}\n\`\`\`\n\n\`\`\`yaml\na: 1\n\`\`\`\n`);
    const [, el, other] = tree.children as [unknown, MdxJsxFlowElement, Code];
    expect(el.type).toBe('mdxJsxFlowElement');
    expect(el.name).toBe('Diagram');
    expect(other.type).toBe('code');
    for (const mode of MODES) {
      const value = attr(el, mode) as {type: string; value: string; data: {estree: {body: unknown[]}}};
      expect(value.type).toBe('mdxJsxAttributeValueExpression');
      expect(value.value).toMatch(
        new RegExp(
          `^require\\(".*file-loader.*!${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${hash}\\.${mode}\\.svg"\\)\\.default$`,
        ),
      );
      expect(value.data.estree.body).toHaveLength(1);
    }
    expect(attr(el, 'width')).toBe('120');
    expect(attr(el, 'height')).toBe('40');
    expect(attr(el, 'hash')).toBe(hash);
    expect(attr(el, 'source')).toBe(source);
    expect(attr(el, 'alt')).toBe('Flowchart: Model leads to Explore, labelled "deploy".');
  });

  it('does not let the server build emit the files a second time', () => {
    const tree = run(`\`\`\`mermaid\n${source}\n\`\`\`\n`, 'server');
    expect((attr(tree.children[0] as MdxJsxFlowElement, 'light') as {value: string}).value).toContain('emitFile=false');
  });

  it('fails with the file, the line and what to run when an SVG is missing', () => {
    fs.rmSync(path.join(dir, `${hash}.dark.svg`));
    expect(() => run(`# Title\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`)).toThrow(
      new RegExp(`docs/page\\.mdx:3 has not been rendered: .*${hash}\\.dark\\.svg missing\\. Run \`npm run diagrams\``),
    );
  });
});

describe('text alternatives', () => {
  it("uses the block's accTitle and accDescr when it has them", () => {
    const src = 'flowchart LR\n  accTitle: Deploys\n  accDescr {\n    How a change\n    reaches users\n  }\n  A --> B';
    expect(accessibilityOf(src)).toEqual({title: 'Deploys', description: 'How a change reaches users'});
    expect(describeDiagram(src)).toBe('Deploys. How a change reaches users');
    expect(describeDiagram('sequenceDiagram\n  accDescr: Login flow\n  A->>B: hi')).toBe('Login flow');
  });

  it('reads the steps of a flowchart, with labels, link texts, line breaks and subgraphs', () => {
    expect(
      describeDiagram(
        'flowchart TB\n  subgraph g[Group]\n    A["One<br/>first"] --- B(Two)\n  end\n  B -- "go on" --> C{Three} --> D[(Store)]',
      ),
    ).toBe(
      'Flowchart: One, first (in Group) is linked to Two (in Group); Two (in Group) leads to Three, labelled "go on"; Three leads to Store.',
    );
  });

  it('reads the participants and messages of a sequence diagram', () => {
    expect(describeDiagram('sequenceDiagram\n  participant U as User\n  U->>S: Ask\n  S-->>U: Answer')).toBe(
      'Sequence diagram between User, S. 1. User to S: Ask. 2. S to User: Answer.',
    );
  });

  it('names other diagram types and points to the source', () => {
    expect(describeDiagram('pie\n  "a": 1')).toBe(
      'Pie chart; its content is given as text in the diagram source below.',
    );
  });

  it('gives every diagram of the docs a description longer than its type', () => {
    for (const b of blocks) expect(describeDiagram(b.source).length, b.file).toBeGreaterThan(40);
  });
});
