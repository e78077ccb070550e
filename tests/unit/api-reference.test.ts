import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {registerWithLocalSearch} from '../../plugins/api-reference/index';
import {deepLinkKey, resolveRedocHash} from '../../plugins/api-reference/deepLink';
import {codeSamples, sampleUrl, type SampleRequest} from '../../plugins/api-reference/model/codeSamples';
import {markdownToHtml, markdownToInlineHtml, splitSections} from '../../plugins/api-reference/model/markdown';
import {
  lookupRef,
  mergeParameters,
  refName,
  resolveLocal,
  type OpenApiDocument,
  type Schema,
} from '../../plugins/api-reference/model/openapi';
import {operationIndex} from '../../plugins/api-reference/model/operationIndex';
import {accessNote, buildApiReference, commonPathPrefix, defaultServer} from '../../plugins/api-reference/model/pages';
import {SchemaTreeBuilder} from '../../plugins/api-reference/model/schemaTree';
import {operationSlug, parameterAnchor, responseAnchor, slugify} from '../../plugins/api-reference/model/slug';
import type {SchemaNode} from '../../plugins/api-reference/types';
import {
  buildRequest,
  explainFailure,
  formatBody,
  type ConsoleOperation,
} from '../../plugins/api-reference/theme/TryItConsole/request';

describe('slugs and anchors', () => {
  it.each([
    ['Spaces', 'spaces'],
    ['Roles & Permissions', 'roles-permissions'],
    ['SSH Keypairs', 'ssh-keypairs'],
    ['  My Account ', 'my-account'],
    ['Métrics Explorer', 'metrics-explorer'],
  ])('slugify(%j) = %j', (input, expected) => expect(slugify(input)).toBe(expected));

  it.each([
    ['query', 'pageSize', 'param-query-pageSize'],
    ['path', 'projectUuid', 'param-path-projectUuid'],
    ['header', 'X-Request Id', 'param-header-X-Request-Id'],
  ])('parameterAnchor(%s, %s) = %s', (location, name, expected) =>
    expect(parameterAnchor(location, name)).toBe(expected),
  );

  it.each([
    ['200', 'response-200'],
    ['default', 'response-default'],
  ])('responseAnchor(%s) = %s', (code, expected) => expect(responseAnchor(code)).toBe(expected));

  it.each([
    ['getCsvUrl', 'get-csv-url'],
    ['GetMyOrganization', 'get-my-organization'],
    ['Rotate personal access token', 'rotate-personal-access-token'],
    ['getGitIntegrationPRs', 'get-git-integration-p-rs'],
    ['CreateSpaceInProject', 'create-space-in-project'],
  ])('operationSlug(%j) = %j', (input, expected) => expect(operationSlug(input)).toBe(expected));
});

describe('old Redoc deep links', () => {
  const tables = {
    operations: {[deepLinkKey('getSpace')]: '/api/v1/spaces/get-space'},
    tags: {
      [deepLinkKey('Roles & Permissions')]: '/api/v1/roles-permissions',
      [deepLinkKey('Spaces')]: '/api/v1/spaces',
    },
  };
  it.each([
    ['#tag/Spaces/operation/getSpace', '/api/v1/spaces/get-space'],
    ['#tag/Spaces/operation/GetSpace', '/api/v1/spaces/get-space'],
    ['#tag/Spaces/operation/get_space', '/api/v1/spaces/get-space'],
    ['#operation/getSpace', '/api/v1/spaces/get-space'],
    ['#tag/Roles%20&%20Permissions', '/api/v1/roles-permissions'],
    ['#tag/Spaces/operation/unknownOperation', '/api/v1/spaces'],
    ['#tag/Nothing', null],
    ['#authentication', null],
    ['#tag/%E0%A4%A', null],
    ['', null],
  ])('%s → %s', (hash, expected) => expect(resolveRedocHash(hash, tables)).toBe(expected));
});

describe('markdown', () => {
  it('renders GFM and escapes raw HTML', () => {
    expect(markdownToHtml('Use `ApiKey` <script>alert(1)</script>')).toBe(
      '<p>Use <code>ApiKey</code> &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
  it.each([
    ['One line with `code`.', 'One line with <code>code</code>.'],
    ['Two\n\nparagraphs', '<p>Two</p>\n<p>paragraphs</p>'],
    ['', undefined],
  ])('inline %j', (input, expected) => expect(markdownToInlineHtml(input)).toBe(expected));

  it('splits a document at its ## headings', () => {
    const {introHtml, sections} = splitSections(
      'Intro.\n\n## Authentication\n\nSend a token.\n\n## Response envelope\n\nOk.',
    );
    expect(introHtml).toBe('<p>Intro.</p>');
    expect(sections.map((s) => [s.id, s.title, s.html])).toEqual([
      ['authentication', 'Authentication', '<p>Send a token.</p>'],
      ['response-envelope', 'Response envelope', '<p>Ok.</p>'],
    ]);
  });
});

describe('accessNote', () => {
  it.each([
    ['Renames a group. Organization admins only.', {label: 'Required role', text: 'Organization admin'}],
    ['Deletes a space. Space admins only.', {label: 'Required role', text: 'Space admin'}],
    [
      'Updates it. Only the scheduler\u2019s creator may call this.',
      {label: 'Who may call this', text: 'Only the scheduler\u2019s creator may call this.'},
    ],
    ['Lists the spaces of a project.', undefined],
    [undefined, undefined],
  ])('%j', (description, expected) => expect(accessNote(description)).toEqual(expected));
});

const components: Record<string, Schema> = {
  Uuid: {type: 'string', format: 'uuid', description: 'A UUID.'},
  Role: {type: 'string', enum: ['viewer', 'editor'], description: 'A role.'},
  Base: {type: 'object', required: ['uuid'], properties: {uuid: {$ref: '#/components/schemas/Uuid'}}},
  Node: {
    type: 'object',
    properties: {name: {type: 'string'}, children: {type: 'array', items: {$ref: '#/components/schemas/Node'}}},
  },
  Table: {type: 'object', required: ['type'], properties: {type: {type: 'string', enum: ['table']}}},
  Field: {type: 'object', required: ['type'], properties: {type: {type: 'string', enum: ['field']}}},
  Item: {
    oneOf: [{$ref: '#/components/schemas/Table'}, {$ref: '#/components/schemas/Field'}],
    discriminator: {
      propertyName: 'type',
      mapping: {table: '#/components/schemas/Table', field: '#/components/schemas/Field'},
    },
  },
  Deep1: {type: 'object', properties: {next: {$ref: '#/components/schemas/Deep2'}}},
  Deep2: {type: 'object', properties: {next: {$ref: '#/components/schemas/Deep3'}}},
  Deep3: {type: 'object', properties: {leaf: {type: 'string'}}},
};

const find = (node: SchemaNode, name: string) => node.children?.find((c) => c.name === name) as SchemaNode;

describe('schema tree', () => {
  const tree = (schema: Schema) => new SchemaTreeBuilder(components, {maxRefDepth: 2, maxNodes: 100}).build(schema);
  const cases: [string, Schema, (n: SchemaNode) => void][] = [
    [
      'a nullable value (anyOf with null) collapses to the value, marked nullable',
      {anyOf: [{$ref: '#/components/schemas/Uuid'}, {type: 'null'}]},
      (n) => expect(n).toMatchObject({type: 'string <uuid>', ref: 'Uuid', nullable: true}),
    ],
    [
      'type lists with null are nullable',
      {type: ['integer', 'null'], format: 'int32', minimum: 1},
      (n) => expect(n).toMatchObject({type: 'integer <int32>', nullable: true, constraints: ['≥ 1']}),
    ],
    [
      'enums are listed as JSON values, patterns and defaults as rules',
      {type: 'string', enum: ['asc', 'desc'], pattern: '^a', default: 'asc'},
      (n) => expect(n).toMatchObject({enum: ['"asc"', '"desc"'], constraints: ['pattern: ^a', 'default: "asc"']}),
    ],
    [
      'required properties are marked; a simple $ref keeps its type and name',
      {$ref: '#/components/schemas/Base'},
      (n) => {
        expect(find(n, 'uuid')).toMatchObject({required: true, type: 'string <uuid>', ref: 'Uuid'});
        expect(find(n, 'uuid').descriptionHtml).toBeUndefined();
      },
    ],
    [
      'allOf with one member reads as that member with the outer description',
      {allOf: [{$ref: '#/components/schemas/Role'}], description: 'Role in the space.'},
      (n) =>
        expect(n).toMatchObject({ref: 'Role', enum: ['"viewer"', '"editor"'], descriptionHtml: 'Role in the space.'}),
    ],
    [
      'allOf of objects is merged into one object that lists what it includes',
      {allOf: [{$ref: '#/components/schemas/Base'}, {type: 'object', properties: {name: {type: 'string'}}}]},
      (n) => {
        expect(n.extends).toEqual(['Base']);
        expect(n.children?.map((c) => c.name)).toEqual(['uuid', 'name']);
      },
    ],
    [
      'oneOf with a discriminator names each variant by its value',
      {$ref: '#/components/schemas/Item'},
      (n) => {
        expect(n).toMatchObject({combinator: 'oneOf', discriminator: 'type', ref: 'Item'});
        expect(n.variants?.map((v) => [v.name, v.ref])).toEqual([
          ['type = "table"', 'Table'],
          ['type = "field"', 'Field'],
        ]);
      },
    ],
    [
      'a recursive schema stops at the cycle and links to itself',
      {$ref: '#/components/schemas/Node'},
      (n) => expect(find(n, 'children').items).toMatchObject({ref: 'Node', truncated: true}),
    ],
    [
      'object refs deeper than the limit are links, not copies',
      {$ref: '#/components/schemas/Deep1'},
      (n) => {
        const deep2 = find(n, 'next');
        expect(deep2).toMatchObject({ref: 'Deep2'});
        expect(deep2.truncated).toBeUndefined();
        expect(find(deep2, 'next')).toMatchObject({ref: 'Deep3', truncated: true});
      },
    ],
    [
      'closed objects and maps',
      {
        type: 'object',
        properties: {
          closed: {type: 'object', properties: {a: {type: 'string'}}, unevaluatedProperties: {not: {}}},
          map: {type: 'object', additionalProperties: {type: 'number'}},
          free: {type: 'object', unevaluatedProperties: {}},
        },
      },
      (n) => {
        expect(find(n, 'closed').constraints).toEqual(['no other properties']);
        expect(find(n, 'map')).toMatchObject({type: 'map of number', values: {type: 'number'}});
        expect(find(n, 'free').constraints).toEqual(['any properties']);
      },
    ],
    [
      'arrays name their item type',
      {type: 'array', items: {$ref: '#/components/schemas/Table'}},
      (n) => expect(n).toMatchObject({type: 'array of Table', items: {ref: 'Table'}}),
    ],
  ];
  it.each(cases)('%s', (_name, schema, check) => check(tree(schema)));
});

describe('code samples', () => {
  const createSpace: SampleRequest = {
    method: 'post',
    path: '/api/v1/projects/{projectUuid}/spaces',
    server: 'https://app.lightdash.cloud/',
    parameters: [
      {name: 'projectUuid', in: 'path', required: true, example: '3675b69e', explode: false},
      {name: 'tags', in: 'query', required: false, example: ['a', 'b'], explode: true},
      {name: 'fields', in: 'query', required: false, example: ['x', 'y'], explode: false},
    ],
    body: {name: "Finance's", isPrivate: false},
  };
  const samples = codeSamples(createSpace);

  it('generates curl, JavaScript (fetch), Python (requests) and Go', () => {
    expect(samples.map((s) => [s.id, s.language])).toEqual([
      ['curl', 'bash'],
      ['javascript', 'javascript'],
      ['python', 'python'],
      ['go', 'go'],
    ]);
  });

  it.each([
    ['curl', ['--request POST', '"Authorization: ApiKey $LIGHTDASH_API_KEY"', '"isPrivate": false']],
    ['javascript', ["method: 'POST'", '`ApiKey ${process.env.LIGHTDASH_API_KEY}`', 'isPrivate: false']],
    [
      'python',
      ['import os\nimport requests', 'os.environ["LIGHTDASH_API_KEY"]', 'requests.post(', '"isPrivate": False'],
    ],
    ['go', ['"os"', 'os.Getenv("LIGHTDASH_API_KEY")', 'http.NewRequest("POST"', 'isPrivate']],
  ])('%s: method, key from the environment, body', (id, expected) => {
    const code = samples.find((s) => s.id === id)?.code ?? '';
    for (const text of expected) expect(code).toContain(text);
    expect(code).toContain('https://app.lightdash.cloud/api/v1/projects/3675b69e/spaces?tags=a&tags=b&fields=x%2Cy');
    expect(code).not.toContain("'Authorization: ApiKey $LIGHTDASH_API_KEY'");
  });

  it.each([
    [
      [{name: 'projectUuid', in: 'path', required: true, explode: false}],
      'https://x.test/api/v1/projects/PROJECT_UUID/spaces',
    ],
    [
      [{name: 'projectUuid', in: 'path', required: true, example: 'a b', explode: false}],
      'https://x.test/api/v1/projects/a%20b/spaces',
    ],
  ] as const)('path parameters: %j', (parameters, expected) => {
    expect(
      sampleUrl({method: 'get', path: '/api/v1/projects/{projectUuid}/spaces', server: 'https://x.test', parameters})
        .url,
    ).toBe(expected);
  });

  it('a call without body sends no Content-Type', () => {
    const [curl] = codeSamples({method: 'get', path: '/api/v1/org', server: 'https://x.test', parameters: []});
    expect(curl.code).not.toContain('Content-Type');
  });
});

const miniDoc = (tags: string[], operationIds: string[]): OpenApiDocument => ({
  openapi: '3.1.0',
  info: {title: 'Mini API', version: '1.2.3', description: 'Intro\n\n## Authentication\n\nToken.'},
  servers: [{url: '{instanceUrl}', variables: {instanceUrl: {default: 'https://example.test'}}}],
  tags: tags.map((name) => ({name})),
  paths: Object.fromEntries(
    operationIds.map((id, i) => [
      `/api/v1/things${i}/{thingUuid}`,
      {
        get: {
          operationId: id,
          summary: `Get thing ${i}`,
          tags: [tags[i % tags.length]],
          parameters: [{name: 'thingUuid', in: 'path', required: true, schema: {type: 'string'}, example: 'abc'}],
          responses: {
            '200': {description: 'ok', content: {'application/json': {schema: {type: 'object'}, example: {}}}},
          },
        },
      },
    ]),
  ),
  components: {schemas: {Thing: {type: 'object', properties: {a: {type: 'string'}}}}},
});

describe('buildApiReference', () => {
  it('gives every page a route under the base path', () => {
    const ref = buildApiReference(miniDoc(['Things', 'Other Things'], ['getThing', 'getOther']), {basePath: '/api/v1'});
    expect(ref.overview.permalink).toBe('/api/v1/');
    expect(ref.overview.sections.map((s) => s.id)).toEqual(['authentication']);
    expect(ref.overview.basePath).toBe('/api/v1');
    expect(ref.tags.map((t) => t.permalink)).toEqual(['/api/v1/other-things', '/api/v1/things']);
    expect(ref.operations.map((o) => o.permalink)).toEqual([
      '/api/v1/things/get-thing',
      '/api/v1/other-things/get-other',
    ]);
    expect(ref.schemas.map((s) => s.permalink)).toEqual(['/api/v1/schemas/Thing']);
    expect(ref.operations[0].defaultServer).toBe('https://example.test');
    expect(ref.overview.deepLinks.operations.getthing).toBe('/api/v1/things/get-thing');
  });

  it.each([
    ['two tags with the same slug', ['A b', 'A-B'], ['one', 'two'], /same slug/],
    ['a tag that takes the schemas route', ['Schemas'], ['one'], /route segment/],
    ['a duplicate operationId', ['A'], ['same', 'same'], /Duplicate operationId/],
  ])('refuses %s', (_name, tags, ids, error) => {
    expect(() => buildApiReference(miniDoc(tags, ids), {basePath: '/api/v1'})).toThrow(error);
  });

  it('indexes every operation page for operations.json, an untagged operation under Other', () => {
    const doc = JSON.parse(JSON.stringify(miniDoc(['Things'], ['getThing', 'getOther']))) as OpenApiDocument & {
      paths: Record<string, {get: {tags?: string[]}}>;
    };
    delete doc.paths['/api/v1/things1/{thingUuid}'].get.tags;
    expect(operationIndex(buildApiReference(doc, {basePath: '/api/v1'}).operations)).toEqual({
      getThing: {url: '/api/v1/things/get-thing', method: 'get', path: '/api/v1/things0/{thingUuid}', tag: 'Things'},
      getOther: {url: '/api/v1/other/get-other', method: 'get', path: '/api/v1/things1/{thingUuid}', tag: 'Other'},
    });
  });

  it.each([
    [['/api/v1/a', '/api/v1/b/{c}'], '/api/v1'],
    [['/api/v1/{a}', '/api/v2/b'], '/api'],
    [[], ''],
  ])('commonPathPrefix(%j) = %j', (paths, expected) => expect(commonPathPrefix(paths)).toBe(expected));

  it.each([
    [{servers: [{url: '{i}', variables: {i: {default: 'https://a.test'}}}]}, 'https://a.test'],
    [{servers: [{url: 'https://b.test'}]}, 'https://b.test'],
    [{}, 'https://app.lightdash.cloud'],
  ])('defaultServer(%j) = %s', (doc, expected) => expect(defaultServer(doc as OpenApiDocument)).toBe(expected));

  const contractFile = path.join(__dirname, '../../generated/openapi/openapi.json');
  it('builds every page of the compiled contract', () => {
    if (!fs.existsSync(contractFile)) {
      throw new Error('This test reads the compiled contract, which is missing: run `npm run contract:build`.');
    }
    const doc = JSON.parse(fs.readFileSync(contractFile, 'utf8')) as OpenApiDocument;
    const ref = buildApiReference(doc, {basePath: '/api/v1'});
    const permalinks = [
      ...ref.tags.map((t) => t.permalink),
      ...ref.operations.map((o) => o.permalink),
      ...ref.schemas.map((s) => s.permalink),
    ];
    expect(new Set(permalinks).size).toBe(permalinks.length);
    for (const op of ref.operations) {
      expect(op.codeSamples, op.operationId).toHaveLength(4);
      const anchors = [...op.parameters.map((p) => p.anchor), ...op.responses.map((r) => r.anchor)];
      expect(new Set(anchors).size, op.operationId).toBe(anchors.length);
      if (op.requestBody) expect(op.requestBody.example, `${op.operationId} body example`).toBeDefined();
    }
  });
});

describe('try-it console requests', () => {
  const op: ConsoleOperation = {
    method: 'post',
    path: '/api/v1/projects/{projectUuid}/spaces',
    server: 'https://app.lightdash.cloud',
    parameters: [
      {name: 'projectUuid', in: 'path', required: true, isArray: false, explode: false},
      {name: 'categories', in: 'query', required: false, isArray: true, explode: true},
      {name: 'X-Trace', in: 'header', required: false, isArray: false, explode: false},
    ],
    body: '{}',
  };
  const input = {
    instanceUrl: 'https://eu1.lightdash.cloud/',
    apiKey: 'secret',
    values: {'path:projectUuid': 'p 1', 'query:categories': 'a, b', 'header:X-Trace': 't'},
    body: '{"name": "Finance"}',
  };

  it('sends to the typed instance with the ApiKey prefix, parameters and body', () => {
    const request = buildRequest(op, input);
    expect(request.ok).toBe(true);
    if (!request.ok) return;
    expect(request.url).toBe('https://eu1.lightdash.cloud/api/v1/projects/p%201/spaces?categories=a&categories=b');
    expect(request.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      body: '{"name": "Finance"}',
      headers: {Authorization: 'ApiKey secret', 'X-Trace': 't', 'Content-Type': 'application/json'},
    });
  });

  it.each([
    ['a key typed with its prefix is not prefixed twice', {apiKey: 'ApiKey secret'}, 'ApiKey secret'],
    ['no key, no Authorization header', {apiKey: '  '}, undefined],
  ])('%s', (_name, change, expected) => {
    const request = buildRequest(op, {...input, ...change});
    if (!request.ok) throw new Error(request.error);
    expect((request.init.headers as Record<string, string>).Authorization).toBe(expected);
  });

  it.each([
    ['an instance URL that is not http(s)', {instanceUrl: 'javascript:alert(1)'}, /address of your Lightdash instance/],
    ['an instance URL with credentials', {instanceUrl: 'https://u:p@x.test'}, /address of your Lightdash instance/],
    ['a missing path parameter', {values: {}}, /path parameter "projectUuid"/],
    ['a body that is not JSON', {body: '{name:'}, /not valid JSON/],
    ['a path parameter of ".."', {values: {'path:projectUuid': '..'}}, /"projectUuid" cannot be "\.\."/],
    ['a path parameter of "."', {values: {'path:projectUuid': ' . '}}, /"projectUuid" cannot be "\."/],
  ])('refuses %s', (_name, change, error) => {
    const request = buildRequest(op, {...input, ...change});
    expect(request.ok).toBe(false);
    if (!request.ok) expect(request.error).toMatch(error);
  });

  it.each([
    ['../x', '..%2Fx'],
    ["a'(b)!*", 'a%27%28b%29%21%2A'],
    ['%2e%2e', '%252e%252e'],
    ['a?b#c', 'a%3Fb%23c'],
  ])('percent-encodes the path parameter %j so it stays one segment of the same call', (value, encoded) => {
    const request = buildRequest(op, {...input, values: {'path:projectUuid': value}});
    if (!request.ok) throw new Error(request.error);
    expect(request.url).toBe(`https://eu1.lightdash.cloud/api/v1/projects/${encoded}/spaces`);
  });

  it.each([
    [new TypeError('Failed to fetch'), /CORS/],
    [new DOMException('timed out', 'TimeoutError'), /30 seconds/],
    [new Error('boom'), /boom/],
  ])('explains %s', (error, expected) => {
    expect(explainFailure(error, 'https://x.test/api/v1/org')).toMatch(expected);
  });

  it.each([
    ['{"a":1}', '{\n  "a": 1\n}'],
    ['not json', 'not json'],
    ['', '(empty body)'],
  ])('formatBody(%j)', (text, expected) => expect(formatBody(text)).toBe(expected));
});

describe('registerWithLocalSearch', () => {
  it('lists the API pages among the released docs, once', () => {
    const released = {isLast: true, docs: [{permalink: '/intro'}]};
    const next = {isLast: false, docs: [{permalink: '/next/intro'}]};
    const allContent = {'docusaurus-plugin-content-docs': {default: {loadedVersions: [next, released]}}};
    registerWithLocalSearch(allContent, ['/api/v1/', '/intro']);
    expect(released.docs.map((d) => d.permalink)).toEqual(['/intro', '/api/v1/']);
    expect(next.docs).toHaveLength(1);
  });

  it('does nothing without a docs plugin', () => {
    expect(() => registerWithLocalSearch({}, ['/api/v1/'])).not.toThrow();
  });
});

describe('the reference’s $ref and parameter rules, shared with the docs MCP server', () => {
  const doc = {
    openapi: '3.1.0',
    info: {title: 't', version: '1'},
    paths: {},
    components: {parameters: {'a/b': {name: 'x', in: 'query'}}, schemas: {'Odd~Name': {type: 'string'}}},
  } as unknown as OpenApiDocument;

  it('follows a local $ref, escapes included, and finds nothing outside the document', () => {
    expect(lookupRef(doc, '#/components/parameters/a~1b')).toEqual({name: 'x', in: 'query'});
    expect(lookupRef(doc, '#/components/schemas/Missing')).toBeUndefined();
    expect(lookupRef(doc, 'https://example.com/schema.json#/x')).toBeUndefined();
    expect(refName('#/components/schemas/Odd~0Name')).toBe('Odd~Name');
    expect(() => resolveLocal(doc, {$ref: '#/components/schemas/Missing'})).toThrow(/Unresolved reference/);
  });

  it('lets an operation redefine a path item’s parameter of the same name and location', () => {
    const shared = [
      {name: 'projectUuid', in: 'path', description: 'path item'},
      {name: 'limit', in: 'query', description: 'path item'},
    ];
    const own = [
      {name: 'limit', in: 'query', description: 'operation'},
      {name: 'limit', in: 'header', description: 'operation'},
    ];
    expect(mergeParameters(shared, own).map((p) => `${p.in}:${p.name}:${p.description}`)).toEqual([
      'path:projectUuid:path item',
      'query:limit:operation',
      'header:limit:operation',
    ]);
  });
});
