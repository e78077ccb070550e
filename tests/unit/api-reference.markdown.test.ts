/**
 * The Markdown twins of the API pages (issue 48): micromark's HTML back to Markdown, and every page kind rendered
 * from its page model with what the HTML shows (method and path, parameters, schemas, samples, examples), links
 * absolute.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {apiMarkdownPages} from '../../plugins/api-reference/index';
import {fencedCode, htmlToMarkdown} from '../../plugins/api-reference/model/htmlToMarkdown';
import {markdownToHtml} from '../../plugins/api-reference/model/markdown';
import {
  operationMarkdown,
  schemaIndexMarkdown,
  schemaTreeMarkdown,
  tagMarkdown,
} from '../../plugins/api-reference/model/markdownPages';
import {buildApiReference} from '../../plugins/api-reference/model/pages';
import type {OpenApiDocument} from '../../plugins/api-reference/model/openapi';
import type {OperationPageModel, SchemaNode} from '../../plugins/api-reference/types';

const ctx = {siteUrl: 'https://docs.lightdash.com', schemasPath: '/api/v1/schemas'};

describe('htmlToMarkdown (micromark output back to Markdown)', () => {
  it.each([
    ['Some **bold** and *em* and `code` and ~~gone~~.', 'Some **bold** and *em* and `code` and ~~gone~~.'],
    ['A [link](/guides/x) here.', 'A [link](https://docs.lightdash.com/guides/x) here.'],
    ['- one\n- two\n\n1. a\n2. b', '- one\n- two\n\n1. a\n2. b'],
    ['| a | b |\n| - | -: |\n| 1 | 2 |', '| a | b |\n| --- | ---: |\n| 1 | 2 |'],
    ['> quoted\n> text', '> quoted text'],
    ['### Title', '### Title'],
  ])('%j round-trips', (markdown, expected) => {
    const html = markdownToHtml(markdown);
    const resolveUrl = (url: string) => (url.startsWith('/') ? `https://docs.lightdash.com${url}` : url);
    expect(htmlToMarkdown(html, {resolveUrl})).toBe(expected);
  });

  it('keeps code blocks fenced, with their language and a fence longer than any backticks inside', () => {
    expect(htmlToMarkdown(markdownToHtml('```json\n{"a": 1}\n```'))).toBe('```json\n{"a": 1}\n```');
    expect(fencedCode('a ```` b', 'md')).toBe('`````md\na ```` b\n`````');
  });

  it('writes a code span with a fence longer than the backticks inside', () => {
    expect(htmlToMarkdown('<p>Use <code>a`b</code> here</p>')).toBe('Use ``a`b`` here');
  });

  it('decodes entities and escapes what would start markup', () => {
    expect(htmlToMarkdown('<p>a &lt;b&gt; &amp; c_d *e*</p>')).toBe('a \\<b> & c\\_d \\*e\\*');
    expect(htmlToMarkdown(undefined)).toBe('');
  });
});

describe('API page twins', () => {
  const tree: SchemaNode = {
    type: 'object',
    children: [
      {name: 'uuid', type: 'string <uuid>', ref: 'Uuid', required: true, descriptionHtml: '<p>The id.</p>'},
      {name: 'kind', type: 'string', enum: ['"a"', '"b"'], constraints: ['pattern: ^[a-z_]+$', 'minimum: 1']},
      {name: 'space', type: 'object', ref: 'Space', children: [{name: 'name', type: 'string'}]},
      {name: 'tags', type: 'array', items: {type: 'object', ref: 'Tag', truncated: true}},
    ],
  };

  it('writes a schema tree as a nested list with types, rules and schema links', () => {
    const text = schemaTreeMarkdown(ctx, tree);
    expect(text).toContain(
      '- `uuid` string \\<uuid> ([Uuid](https://docs.lightdash.com/api/v1/schemas/Uuid)) required',
    );
    expect(text).toContain('  The id.');
    expect(text).toContain('One of: `"a"`, `"b"`');
    expect(text).toContain('pattern: `^[a-z_]+$`');
    expect(text).toContain('minimum: 1');
    expect(text).toContain('- `space` [Space](https://docs.lightdash.com/api/v1/schemas/Space)');
    expect(text).toContain('  1 properties of Space:');
    expect(text).toContain('  - `name` string');
    expect(text).toContain('- `tags` array of [Tag](https://docs.lightdash.com/api/v1/schemas/Tag)');
  });

  const operation: OperationPageModel = {
    operationId: 'getSpace',
    method: 'get',
    path: '/api/v1/projects/{projectUuid}/spaces/{spaceUuid}',
    summary: 'Get a space',
    permalink: '/api/v1/spaces/get-space',
    tag: {name: 'Spaces', slug: 'spaces', permalink: '/api/v1/spaces'},
    descriptionHtml: '<p>Details of a <a href="/references/spaces">space</a>.</p>',
    descriptionText: 'Details of a space.',
    security: [{label: 'API key', code: 'Authorization: ApiKey <token>'}],
    parameters: [
      {
        name: 'spaceUuid',
        in: 'path',
        anchor: 'param-path-spaceUuid',
        required: true,
        schema: {type: 'string <uuid>'},
        descriptionHtml: 'The space | its id',
        example: 'abc',
        explode: false,
      },
    ],
    responses: [
      {code: '200', anchor: 'response-200', statusText: 'OK', schema: tree, example: '{"ok": true}'},
      {code: '404', anchor: 'response-404', statusText: 'Not Found', example: '{"error": "no"}'},
    ],
    codeSamples: [
      {id: 'curl', label: 'cURL', language: 'bash', code: 'curl "$X"'},
      {id: 'python', label: 'Python (requests)', language: 'python', code: 'import requests'},
    ],
    defaultServer: 'https://app.lightdash.cloud',
  };

  it('writes an operation page with everything its HTML shows', () => {
    const text = operationMarkdown(ctx, operation);
    expect(text.startsWith('# Get a space\n\n`GET /api/v1/projects/{projectUuid}/spaces/{spaceUuid}`')).toBe(true);
    expect(text).toContain('Details of a [space](https://docs.lightdash.com/references/spaces).');
    expect(text).toContain('- **Authentication**: API key `Authorization: ApiKey <token>`');
    expect(text).toContain('- **Operation ID**: `getSpace`');
    // A pipe in a cell is escaped so the table keeps its columns.
    expect(text).toContain('| `spaceUuid` | path | string \\<uuid> | yes | The space \\| its id | `abc` |');
    expect(text).toContain('### 200 OK');
    expect(text).toContain('**cURL**\n\n```bash\ncurl "$X"\n```');
    expect(text).toContain('**Python (requests)**\n\n```python\nimport requests\n```');
    expect(text).toContain(
      '**404 Not Found: an example error payload; messages vary**\n\n```json\n{"error": "no"}\n```',
    );
    expect(text).not.toMatch(/\]\(\//);
  });

  it('writes a tag page and the schema index', () => {
    const tag = tagMarkdown(ctx, {
      name: 'Spaces',
      slug: 'spaces',
      permalink: '/api/v1/spaces',
      descriptionText: '',
      operations: [operation],
    });
    expect(tag).toContain(
      '- GET [Get a space](https://docs.lightdash.com/api/v1/spaces/get-space) `/api/v1/projects/{projectUuid}/spaces/{spaceUuid}`',
    );
    const index = schemaIndexMarkdown(ctx, {
      permalink: '/api/v1/schemas',
      schemas: [{name: 'Space', permalink: '/api/v1/schemas/Space', summary: 'A space.'}],
    });
    expect(index).toContain('- `Space` A space.');
    expect(index).toContain('https://docs.lightdash.com/api/v1/schemas/<Name>.md');
  });

  const contractFile = path.join(__dirname, '../../generated/openapi/openapi.json');
  it.runIf(fs.existsSync(contractFile))(
    'gives every page of the compiled contract a twin, under 50,000 characters',
    () => {
      const doc = JSON.parse(fs.readFileSync(contractFile, 'utf8')) as OpenApiDocument;
      const ref = buildApiReference(doc, {basePath: '/api/v1'});
      const pages = apiMarkdownPages(ref, 'https://docs.lightdash.com');
      expect(pages).toHaveLength(2 + ref.tags.length + ref.operations.length + ref.schemas.length);
      for (const page of pages) {
        expect(page.markdown.startsWith(`# ${page.title}`), page.permalink).toBe(true);
        expect(page.markdown.length, page.permalink).toBeLessThan(50_000);
        // Blocks are separated by one blank line, never two (code samples aside).
        const outsideCode = page.markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, 'code');
        expect(outsideCode, page.permalink).not.toMatch(/\n\n\n/);
        // Every link is absolute: a twin is read away from the site. Code (samples, patterns) is not Markdown.
        const prose = page.markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, '').replace(/(`+)[^`][\s\S]*?\1/g, '');
        expect(prose, page.permalink).not.toMatch(/(?<!\\)\]\((?!https?:\/\/)/);
      }
    },
  );
});
