import {describe, expect, it} from 'vitest';
import {pageToMarkdown, type ConvertContext} from '../../plugins/markdown-export/convert';
import {resolveHref} from '../../plugins/markdown-export/links';
import {generatedIndexMarkdown, llmsFullTxt, llmsTxt, sidebarSections} from '../../plugins/markdown-export/llms';
import type {ExportedPage, PageLookup, SidebarItem} from '../../plugins/markdown-export/llms';
import {markdownPathFor, markdownPathOfPage, pagePathOfMarkdown} from '../../plugins/markdown-export/markdownPath';
import {
  agentInstructions,
  pageDirective,
  skillMd,
  withDirective,
  type AgentVersion,
} from '../../plugins/markdown-export/agents';
import {claudeCodeCommand, cursorInstallLink} from '../../src/components/PageMarkdownActions/connectLinks';
import {parse as parseYaml} from 'yaml';
import {RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const SITE = '/site';
const PAGE = `${SITE}/docs/guides/page.mdx`;
/** Source files of a tiny docs folder: file → permalink. */
const PERMALINKS: Record<string, string> = {
  [`${SITE}/docs/guides/page.mdx`]: '/guides/page',
  [`${SITE}/docs/guides/other.mdx`]: '/guides/other',
  [`${SITE}/docs/references/metrics.mdx`]: '/references/metrics',
};

function convert(body: string, partials: Record<string, string> = {}, extra: Partial<ConvertContext> = {}): string {
  const ctx: ConvertContext = {
    siteUrl: 'https://docs.example.com',
    siteDir: SITE,
    permalink: '/guides/page',
    versionPath: '/',
    permalinkOf: (file) => PERMALINKS[file],
    readFile: (file) => {
      if (!(file in partials)) throw new Error(`ENOENT: ${file}`);
      return partials[file];
    },
    ...extra,
  };
  return pageToMarkdown({file: PAGE, source: body, title: 'The page', description: 'What it says.'}, ctx);
}

/** The converted body, without the title and description lines every page starts with. */
const body = (source: string, partials?: Record<string, string>) =>
  convert(source, partials).replace('# The page\n\n> What it says.\n\n', '');

describe('markdown-export: MDX → Markdown', () => {
  it('writes the title, the description as a blockquote, and drops front matter and imports', () => {
    const out = convert(
      "---\ntitle: Ignored here\ndescription: x\n---\nimport Tabs from '@theme/Tabs';\nexport const x = 1;\n\nHello.\n",
    );
    expect(out).toBe('# The page\n\n> What it says.\n\nHello.\n');
  });

  it('labels each SQL variant with its warehouses, at the top level and inside a list item', () => {
    const group = (indent: string) =>
      [
        '```sql warehouses="bigquery"',
        'SAFE_DIVIDE(a, b)',
        '```',
        '',
        '```sql warehouses="snowflake databricks postgres redshift trino"',
        'a / b',
        '```',
      ]
        .map((line) => (line ? indent + line : line))
        .join('\n');
    expect(body(`${group('')}\n`)).toBe(
      `**SQL for BigQuery:**\n\n\`\`\`sql warehouses="bigquery"\nSAFE_DIVIDE(a, b)\n\`\`\`\n\n` +
        `**SQL for Snowflake, PostgreSQL, Databricks, Redshift and Trino:**\n\n` +
        `\`\`\`sql warehouses="snowflake databricks postgres redshift trino"\na / b\n\`\`\`\n`,
    );
    const listed = body(`1. Add it:\n\n${group('   ')}\n`);
    expect(listed).toBe(
      `1. Add it:\n\n   **SQL for BigQuery:**\n\n   \`\`\`sql warehouses="bigquery"\n   SAFE_DIVIDE(a, b)\n   \`\`\`\n\n` +
        `   **SQL for Snowflake, PostgreSQL, Databricks, Redshift and Trino:**\n\n` +
        `   \`\`\`sql warehouses="snowflake databricks postgres redshift trino"\n   a / b\n   \`\`\`\n`,
    );
  });

  it('drops a leading `# Title` of the body, which the metadata title replaces', () => {
    expect(body('# Same title\n\nText.\n')).toBe('Text.\n');
    expect(body('Intro.\n\n# Later h1\n')).toBe('Intro.\n\n# Later h1\n');
  });

  it('keeps code blocks byte for byte, titles included, even when they look like MDX', () => {
    const code = [
      '```ts title="embed.ts" {2}',
      "import jwt from 'jsonwebtoken';",
      'export const x = <Tabs>{1}</Tabs>;',
      '# {#not-an-id} stays',
      '   indented   ',
      '',
      '',
      '```',
    ].join('\n');
    expect(body(`Before.\n\n${code}\n\nAfter.\n`)).toBe(`Before.\n\n${code}\n\nAfter.\n`);
  });

  it('inlines a partial (relative or @site) with its own partials and links resolved from its own folder', () => {
    const partials = {
      [`${SITE}/docs/snippets/_intro.mdx`]:
        "import Inner from './_inner.mdx';\n\nFrom the partial, see [metrics](../references/metrics.mdx).\n\n<Inner />\n",
      [`${SITE}/docs/snippets/_inner.mdx`]: 'Inner text.\n',
    };
    const relative = "import Intro from '../snippets/_intro.mdx';\n\nStart.\n\n<Intro />\n\nEnd.\n";
    const expected =
      'Start.\n\nFrom the partial, see [metrics](https://docs.example.com/references/metrics).\n\nInner text.\n\nEnd.\n';
    expect(body(relative, partials)).toBe(expected);
    expect(body(relative.replace('../snippets', '@site/docs/snippets'), partials)).toBe(expected);
  });

  it('names a missing partial and a partial cycle instead of writing a broken page', () => {
    expect(() => body("import Gone from './_gone.mdx';\n\n<Gone />\n")).toThrow(/cannot read the partial .*_gone\.mdx/);
    const loop = {[`${SITE}/docs/guides/_a.mdx`]: "import A from './_a.mdx';\n\n<A />\n"};
    expect(() => body("import A from './_a.mdx';\n\n<A />\n", loop)).toThrow(/Partial import cycle/);
  });

  it('names the file when the MDX does not parse', () => {
    expect(() => body('Text with a {broken expression\n')).toThrow(/page\.mdx: cannot parse the MDX/);
  });

  it('flattens tabs into a bold label per tab followed by its content', () => {
    const tabs = [
      '<Tabs groupId="db">',
      '<TabItem value="pg" label="Postgres">',
      '',
      '```yaml',
      'type: postgres',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="bq">',
      '',
      'Use a **service account**.',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n');
    expect(body(`${tabs}\n`)).toBe(
      '**Postgres**\n\n```yaml\ntype: postgres\n```\n\n**bq**\n\nUse a **service account**.\n',
    );
  });

  it('turns an admonition into a blockquote that names its kind and title', () => {
    expect(body(':::warning\n\nCareful with `prod`.\n\n- one\n- two\n\n:::\n')).toBe(
      '> **Warning**\n>\n> Careful with `prod`.\n>\n> - one\n> - two\n',
    );
    expect(body(':::tip[Faster builds]\nUse the cache.\n:::\n')).toBe(
      '> **Tip: Faster builds**\n>\n> Use the cache.\n',
    );
  });

  it('reads the MDX 1 title syntax `:::info Title`, but never inside code', () => {
    expect(body(':::info Permission errors\nUse `npm` without sudo.\n:::\n')).toBe(
      '> **Info: Permission errors**\n>\n> Use `npm` without sudo.\n',
    );
    const code = '```md\n:::note Title\nText\n:::\n```\n';
    expect(body(code)).toBe(code);
  });

  it('makes internal links absolute to the site and leaves external ones alone', () => {
    const source = [
      'See [other](./other.mdx#setup), [metrics](../references/metrics.mdx), [API](pathname:///api/v1/),',
      '[here](#top), [up](/references/), [web](https://example.org/a?b=1) and https://example.org/bare.',
      '',
      '[ref]: ./other.mdx "Other page"',
    ].join('\n');
    expect(body(source)).toBe(
      [
        'See [other](https://docs.example.com/guides/other#setup), [metrics](https://docs.example.com/references/metrics), [API](https://docs.example.com/api/v1/),',
        '[here](https://docs.example.com/guides/page#top), [up](https://docs.example.com/references/), [web](https://example.org/a?b=1) and https://example.org/bare.',
        '',
        '[ref]: https://docs.example.com/guides/other "Other page"',
      ].join('\n') + '\n',
    );
  });

  it.each([
    [
      'removes heading ids, keeping the heading text',
      '## Filters {#filters}\n\n### Two `code` words {#two}\n',
      '## Filters\n\n### Two `code` words\n',
    ],
    [
      'keeps an admonition nested in a list item inside that item',
      '1. Step one.\n\n   :::note\n   Mind the gap.\n   :::\n\n2. Step two.\n',
      '1. Step one.\n\n   > **Note**\n   >\n   > Mind the gap.\n\n2. Step two.\n',
    ],
    [
      'keeps <details> readable: the summary in bold, then its content',
      '<details>\n<summary>Why?</summary>\n\nBecause.\n\n</details>\n',
      '**Why?**\n\nBecause.\n',
    ],
    [
      'renders a component as the list of its links, and drops one without links',
      "<HomeTiles tiles={[{title: 'Guides', to: 'guides/how-to', children: 'Task by task.'}, {title: 'API', to: '/api/v1/'}]} />\n\n<Spacer size={3} />\n\nText.\n",
      '- [Guides](https://docs.example.com/guides/how-to): Task by task.\n- [API](https://docs.example.com/api/v1/)\n\nText.\n',
    ],
    [
      'writes the availability note as a quoted line with its wording',
      '<Availability of="enterprise" />\n\nText.\n',
      '> **Available on** Lightdash Enterprise plan only. Not available on other plans.\n\nText.\n',
    ],
    [
      'writes a permission table of the roles page from its data (src/lib/adminTools/rolesTables.ts)',
      '<RolesTable table="space" />\n\nText.\n',
      '| Action | Full access | Can edit | Can view |\n| :-- | :-: | :-: | :-: |\n| View the space and its content | ✅ | ✅ | ✅ |\n' +
        '| Add, edit and delete content in the space | ✅ | ✅ | ❌ |\n| Manage access to the space | ✅ | ❌ | ❌ |\n' +
        "| Edit the space's name and settings | ✅ | ❌ | ❌ |\n\nText.\n",
    ],
    [
      'keeps prose, tables and text that only looks like a directive exactly as written',
      '| a | b |\n|---|---|\n| `x` | 10:30 and key:value_with_underscores * |\n\nA line\\\nbreak.\n',
      '| a | b |\n|---|---|\n| `x` | 10:30 and key:value_with_underscores * |\n\nA line\\\nbreak.\n',
    ],
    [
      'turns inline HTML into Markdown and plain string expressions into text',
      'Press <kbd>Ctrl</kbd>{\' \'}then <a href="./other.mdx">other</a>.{/* note */}\n',
      'Press `Ctrl` then [other](https://docs.example.com/guides/other).\n',
    ],
  ])('%s', (_name, source, expected) => {
    expect(body(source)).toBe(expected);
  });
});

describe('markdown-export: links and paths', () => {
  const ctx = {siteUrl: 'https://docs.example.com', permalink: '/next/guides/page', permalinkOf: () => undefined};

  it.each([
    ['mailto:team@example.com', 'mailto:team@example.com'],
    ['//cdn.example.com/x', '//cdn.example.com/x'],
    ['./missing.mdx', 'https://docs.example.com/next/guides/missing.mdx'],
    ['../references/metrics', 'https://docs.example.com/next/references/metrics'],
  ])('%s → %s', (href, expected) => {
    expect(resolveHref(href, PAGE, ctx)).toBe(expected);
  });

  it.each([
    ['/guides/pinning', '/guides/pinning.md'],
    ['/next/guides/pinning', '/next/guides/pinning.md'],
    ['/', '/index.md'],
    ['/next/', '/next/index.md'],
    ['/references/#x', '/references/index.md'],
  ])('the Markdown of %s is %s', (permalink, file) => {
    expect(markdownPathFor(permalink)).toBe(file);
  });

  it.each(['/guides/pinning', '/next/guides/pinning', '/', '/next/'])('%s is the page of its Markdown', (pagePath) => {
    expect(pagePathOfMarkdown(markdownPathOfPage(pagePath))).toBe(pagePath);
  });
});

describe('markdown-export: llms.txt', () => {
  const page = (permalink: string, title: string, description = ''): ExportedPage => ({
    permalink,
    title,
    description,
    markdown: `# ${title}\n\nBody of ${title}.\n`,
  });
  const docs: Record<string, ExportedPage> = {
    index: page('/', 'Home', 'Start here.'),
    'guides/a': page('/guides/a', 'Guide A', 'Does A.'),
    'guides/b': page('/guides/b', 'Guide B'),
    'guides/intro': page('/guides/intro', 'Guides'),
    hidden: page('/hidden', 'Not in the sidebar'),
  };
  const cliIndex = page('/guides/cli', 'The CLI', 'Command line.');
  const lookup: PageLookup = {doc: (id) => docs[id], index: (p) => (p === '/guides/cli' ? cliIndex : undefined)};
  const sidebar: SidebarItem[] = [
    {type: 'doc', id: 'index'},
    {
      type: 'category',
      label: 'Guides',
      link: {type: 'doc', id: 'guides/intro'},
      items: [
        {type: 'doc', id: 'guides/a'},
        {type: 'category', label: 'CLI', link: {type: 'generated-index', permalink: '/guides/cli'}, items: []},
        {type: 'category', label: 'More', items: [{type: 'doc', id: 'guides/b'}]},
      ],
    },
  ];
  const sections = sidebarSections(sidebar, lookup, Object.values(docs));

  it('groups pages by the top categories of the sidebar, in order, then the pages no sidebar lists', () => {
    expect(sections.map((s) => [s.title, s.pages.map((p) => p.permalink)])).toEqual([
      ['Overview', ['/']],
      ['Guides', ['/guides/intro', '/guides/a', '/guides/cli', '/guides/b']],
      ['More pages', ['/hidden']],
    ]);
  });

  it('writes the llmstxt.org structure with links to every page’s Markdown', () => {
    const text = llmsTxt({
      title: 'Docs',
      summary: 'Short summary.',
      details: 'Details.',
      sections,
      extra: [
        {title: 'API', links: [{title: 'Reference', url: 'https://docs.example.com/api/'}]},
        {title: 'Optional', links: []},
      ],
      siteUrl: 'https://docs.example.com',
    });
    expect(text).toBe(
      [
        '# Docs',
        '> Short summary.',
        'Details.',
        '## Overview\n\n- [Home](https://docs.example.com/index.md): Start here.',
        '## Guides\n\n- [Guides](https://docs.example.com/guides/intro.md)\n- [Guide A](https://docs.example.com/guides/a.md): Does A.\n- [The CLI](https://docs.example.com/guides/cli.md): Command line.\n- [Guide B](https://docs.example.com/guides/b.md)',
        '## More pages\n\n- [Not in the sidebar](https://docs.example.com/hidden.md)',
        '## API\n\n- [Reference](https://docs.example.com/api/)',
      ].join('\n\n') + '\n',
    );
  });

  it('concatenates every page in sidebar order, each with a Source line after its title', () => {
    const full = llmsFullTxt({title: 'Docs', summary: 'S.', sections, siteUrl: 'https://docs.example.com'});
    expect(full.startsWith('# Docs\n\n> S.\n\n# Home\nSource: https://docs.example.com/\n\nBody of Home.\n\n')).toBe(
      true,
    );
    const order = [...full.matchAll(/^Source: (.+)$/gm)].map((m) => m[1]);
    expect(order).toEqual([
      'https://docs.example.com/',
      'https://docs.example.com/guides/intro',
      'https://docs.example.com/guides/a',
      'https://docs.example.com/guides/cli',
      'https://docs.example.com/guides/b',
      'https://docs.example.com/hidden',
    ]);
  });

  it('writes a generated index as its title, description and children', () => {
    const category = sidebar[1] as Extract<SidebarItem, {type: 'category'}>;
    expect(generatedIndexMarkdown(cliIndex, category, lookup, 'https://docs.example.com')).toBe(
      [
        '# The CLI',
        '> Command line.',
        '- [Guide A](https://docs.example.com/guides/a): Does A.\n- [CLI](https://docs.example.com/guides/cli): Command line.\n- More\n  - [Guide B](https://docs.example.com/guides/b)',
      ].join('\n\n') + '\n',
    );
  });
});

describe('markdown-export: instructions for AI agents (issue 36)', () => {
  const SITE = 'https://docs.example.com';
  const released: AgentVersion = {label: RELEASED_VERSION, released: true, root: `${SITE}/`};
  const next: AgentVersion = {label: 'Next', released: false, root: `${SITE}/next/`};

  it.each([
    [RELEASED_VERSION, released, `${SITE}/llms.txt`],
    ['Next', next, `${SITE}/next/llms.txt`],
  ])(
    'the directive of %s is one short blockquote line naming its index, the .md rule, MCP and feedback',
    (_label, version, index) => {
      const line = pageDirective(version, SITE);
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^> For AI agents: /);
      expect(line.length).toBeLessThanOrEqual(300);
      expect(line).toContain(` ${index};`);
      expect(line).toContain('add .md to a page URL');
      expect(line).toContain(` ${SITE}/mcp `);
      expect(line).toContain('submit_feedback');
      expect(line).toContain(version.released ? `Lightdash ${RELEASED_VERSION}` : 'unreleased');
    },
  );

  it('puts the directive on the first line and the page, from its title, two lines below', () => {
    const page = withDirective('# Pinning\n\n> Pin things.\n\nBody.\n', pageDirective(released, SITE));
    const lines = page.split('\n');
    expect(lines[0]).toBe(pageDirective(released, SITE));
    expect(lines[1]).toBe('');
    expect(lines.slice(2).join('\n')).toBe('# Pinning\n\n> Pin things.\n\nBody.\n');
  });

  it('instructs how to find and read pages, the MCP URL and how to report a problem, with no heading', () => {
    const text = agentInstructions(released, SITE, '/guides/pinning');
    expect(text).not.toMatch(/^#/m);
    expect(text).toMatch(/^Instructions for AI agents:\n\n- /);
    expect(text).toContain(`${SITE}/guides/pinning.md for ${SITE}/guides/pinning;`);
    expect(text).toContain(`${SITE}/index.md`);
    expect(text).toContain(`${SITE}/mcp (Streamable HTTP)`);
    expect(text).toContain('`submit_feedback`');
    expect(text).toContain('https://github.com/lightdash/lightdash/issues');
    expect(text).toContain(`Lightdash ${RELEASED_VERSION}`);
    expect(agentInstructions(next, SITE, '/next/guides/pinning')).toContain(
      `${SITE}/next/guides/pinning.md for ${SITE}/next/guides/pinning;`,
    );
    expect(agentInstructions(next, SITE, '/next/x')).toContain('unreleased');
    // llms-full.txt holds the pages, so it says so instead of pointing to lists below.
    expect(agentInstructions(released, SITE, '/x', {full: true})).toContain('Every page follows below');
    expect(agentInstructions(released, SITE, '/x')).toContain('lists below');
  });

  it('llms-full.txt carries the instructions once, after the summary, before the first page', () => {
    const full = llmsFullTxt({
      title: 'Docs',
      summary: 'S.',
      details: agentInstructions(released, SITE, '/a', {full: true}),
      sections: [{title: 'A', pages: [{permalink: '/a', title: 'A', description: '', markdown: '# A\n\nBody.\n'}]}],
      siteUrl: SITE,
    });
    expect(full.startsWith('# Docs\n\n> S.\n\nInstructions for AI agents:\n\n- ')).toBe(true);
    expect(full.match(/Instructions for AI agents/g)).toHaveLength(1);
    expect(full).toContain('\n\n# A\nSource: https://docs.example.com/a\n\nBody.\n');
  });

  describe('skill.md', () => {
    const text = skillMd({
      siteUrl: SITE,
      versions: [released, next],
      sections: ['Guides', 'References', 'Self-hosting'],
      apiOverview: '/api/v1/',
    });
    const [, yaml, body] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text) ?? [];

    it('starts with Agent Skills front matter: a valid name, a description within 1024 characters, string metadata', () => {
      const front = parseYaml(yaml) as Record<string, unknown>;
      expect(Object.keys(front)).toEqual(['name', 'description', 'metadata']);
      expect(front.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect((front.name as string).length).toBeLessThanOrEqual(64);
      expect(typeof front.description).toBe('string');
      expect((front.description as string).length).toBeGreaterThan(50);
      expect((front.description as string).length).toBeLessThanOrEqual(1024);
      expect(front.description).toContain(RELEASED_VERSION);
      expect(front.metadata).toEqual({version: RELEASED_VERSION, docs: `${SITE}/`, mcp: `${SITE}/mcp`});
    });

    it('says what the docs cover, the versions with their indexes, how to fetch pages, MCP and feedback', () => {
      expect(body).toMatch(/^# /);
      expect(body).toContain('Guides, References and Self-hosting');
      for (const url of [`${SITE}/llms.txt`, `${SITE}/next/llms.txt`, `${SITE}/llms-full.txt`])
        expect(body).toContain(url);
      expect(body).toContain('`.md`');
      expect(body).toContain(`${SITE}/api/v1/openapi.json`);
      expect(body).toContain('`submit_feedback`');
      expect(body).toContain('https://github.com/lightdash/lightdash/issues');
    });

    it('gives the same MCP set-up as the page menu: the Claude Code command and the Cursor config', () => {
      const mcpUrl = `${SITE}/mcp`;
      expect(body).toContain(`\n${claudeCodeCommand(mcpUrl)}\n`);
      const blocks = [...body.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]));
      const cursorConfig = JSON.parse(atob(new URL(cursorInstallLink(mcpUrl)).searchParams.get('config') ?? ''));
      expect(blocks).toEqual([
        {mcpServers: {'lightdash-docs': cursorConfig}},
        {servers: {'lightdash-docs': {type: 'http', url: mcpUrl}}},
      ]);
    });
  });
});
