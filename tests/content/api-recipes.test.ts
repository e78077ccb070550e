// The API recipes (issue 11): every step's curl and JavaScript make the same call, that call is one operation of the
// contract, the step links to that operation's page, and the request and the response shown validate against the
// contract. Ids used by a later step must come from an earlier response or from the inputs of step 1. The format
// of a recipe is described at the top of ./recipes.ts.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {operationSlug, slugify} from '../../plugins/api-reference/index';
import {
  createValidator,
  describeErrors,
  loadContract,
  operations,
  type JsonObject,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
} from '../contract/contract';
import {informationArchitecture} from '../../src/informationArchitecture';
import {codeBlocks, listMdx, proseWords} from '../support/mdx';
import {curlRequest, parseRecipe, runJavascript, shellCommands, type HttpRequest, type RecipeStep} from './recipes';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const RECIPES = [
  'get-compiled-sql-of-a-chart',
  'run-a-metric-query-and-page-results',
  'export-a-chart-to-csv',
  'list-dashboards-of-a-space',
  'rotate-a-personal-access-token',
  'link-to-an-unsaved-explore',
];
const VERSION_DIRS = ['docs', RELEASED_DOCS_DIR];
const ENV = {LIGHTDASH_URL: 'https://lightdash.example.com', LIGHTDASH_API_KEY: 'test-token'};
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

// ---------------------------------------------------------------------------------------------
// The contract, with closed objects
// ---------------------------------------------------------------------------------------------

/**
 * The contract's object schemas allow unknown properties, but the Lightdash server rejects unknown body fields
 * (tsoa, throw-on-extras), and an unknown key in a shown response is a typo. So every object schema with
 * `properties` is closed with `unevaluatedProperties: false`, except the bases that others extend through `allOf`
 * (closing a base would reject the properties its extensions add).
 */
function closeObjects(doc: OpenApiDocument): OpenApiDocument {
  const bases = new Set<string>();
  const findBases = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const obj = node as JsonObject;
    for (const member of Array.isArray(obj.allOf) ? (obj.allOf as JsonObject[]) : []) {
      const ref = typeof member.$ref === 'string' ? member.$ref : '';
      if (ref.startsWith('#/components/schemas/')) bases.add(ref.slice('#/components/schemas/'.length));
    }
    Object.values(obj).forEach(findBases);
  };
  findBases(doc);
  const close = (node: unknown, inAllOf: boolean): unknown => {
    if (Array.isArray(node)) return node.map((child) => close(child, inAllOf));
    if (!node || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(node as JsonObject)) out[key] = close(child, key === 'allOf');
    const open = 'additionalProperties' in out || 'unevaluatedProperties' in out;
    if (out.properties && typeof out.properties === 'object' && !open && !inAllOf) out.unevaluatedProperties = false;
    return out;
  };
  const schemas = Object.fromEntries(
    Object.entries(doc.components.schemas).map(([name, schema]) => [
      name,
      bases.has(name) ? schema : (close(schema, false) as JsonObject),
    ]),
  );
  return {...doc, paths: close(doc.paths, false) as OpenApiDocument['paths'], components: {...doc.components, schemas}};
}

const doc = closeObjects(loadContract());
const validator = createValidator(doc);
const contractOperations = operations(doc).map((entry) => ({
  ...entry,
  pattern: new RegExp(
    `^${entry.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/]+)')}$`,
  ),
}));

function validate(schema: JsonObject | undefined, value: unknown, what: string): string[] {
  if (!schema) return [`${what}: the contract gives no schema`];
  const check = validator.inline(schema);
  if (check(value)) return [];
  // Ajv does not name the unknown property in its message; say which one it is.
  const unknown = new Set(
    (check.errors ?? []).flatMap((e) =>
      e.keyword === 'unevaluatedProperties'
        ? [`\n${e.instancePath || '/'} has the unknown property "${String(e.params.unevaluatedProperty)}"`]
        : [],
    ),
  );
  return [`${what} does not match the contract:\n${describeErrors(check)}${[...unknown].join('')}`];
}

/** The schema's type, following a `$ref` to a component. */
function typeOf(schema: JsonObject | undefined): string | undefined {
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') return typeOf(doc.components.schemas[schema.$ref.split('/').pop() ?? '']);
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/** A query string value as the server reads it for the parameter: numbers, booleans and arrays are converted. */
function queryValue(param: Parameter, values: string[]): unknown {
  const scalar = (text: string, schema: JsonObject | undefined): unknown => {
    const type = typeOf(schema);
    if ((type === 'integer' || type === 'number') && text.trim() !== '' && !Number.isNaN(Number(text))) {
      return Number(text);
    }
    if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
    return text;
  };
  if (typeOf(param.schema) !== 'array') return scalar(values[values.length - 1], param.schema);
  const items = (param as {explode?: boolean}).explode === false ? values.flatMap((v) => v.split(',')) : values;
  return items.map((item) => scalar(item, param.schema?.items as JsonObject | undefined));
}

// ---------------------------------------------------------------------------------------------
// The checks of one step
// ---------------------------------------------------------------------------------------------

interface Call {
  readonly request: HttpRequest;
  readonly operation: OperationEntry;
  readonly pathParams: Record<string, string>;
}

const apiPath = (url: URL) => url.pathname.replace(/\/+$/, '');

function sameCall(curl: HttpRequest, js: HttpRequest): string[] {
  const problems: string[] = [];
  const query = (url: URL) => [...url.searchParams.entries()].map(([k, v]) => `${k}=${v}`).sort();
  if (curl.method !== js.method) problems.push(`curl sends ${curl.method}, the JavaScript ${js.method}`);
  if (`${curl.url.origin}${apiPath(curl.url)}` !== `${js.url.origin}${apiPath(js.url)}`) {
    problems.push(
      `curl calls ${curl.url.origin}${curl.url.pathname}, the JavaScript ${js.url.origin}${js.url.pathname}`,
    );
  }
  if (query(curl.url).join('&') !== query(js.url).join('&')) {
    problems.push(`curl sends the query ${curl.url.search || '(none)'}, the JavaScript ${js.url.search || '(none)'}`);
  }
  const parse = (body: string | undefined, who: string): unknown => {
    try {
      return body === undefined ? undefined : JSON.parse(body);
    } catch {
      problems.push(`the ${who} body is not JSON: ${body}`);
      return undefined;
    }
  };
  const curlBody = parse(curl.body, 'curl');
  const jsBody = parse(js.body, 'JavaScript');
  if (JSON.stringify(sortKeys(curlBody)) !== JSON.stringify(sortKeys(jsBody))) {
    problems.push(`curl and the JavaScript send different bodies:\n${curl.body}\n---\n${js.body}`);
  }
  for (const [who, request] of [
    ['curl', curl],
    ['JavaScript', js],
  ] as const) {
    if (!/^ApiKey \S+/.test(request.headers.authorization ?? '')) {
      problems.push(`the ${who} request has no "Authorization: ApiKey <token>" header`);
    }
    if (request.body !== undefined && request.headers['content-type'] !== 'application/json') {
      problems.push(`the ${who} request sends a body without "Content-Type: application/json"`);
    }
  }
  return problems;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as JsonObject)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

function matchOperation(request: HttpRequest): Call | string {
  const pathname = apiPath(request.url);
  const found = contractOperations.flatMap((op) => {
    const m = op.method === request.method ? op.pattern.exec(pathname) : null;
    return m ? [{request, operation: op, pathParams: {...m.groups}}] : [];
  });
  if (found.length === 1) return found[0];
  if (found.length === 0) return `no contract operation is ${request.method} ${pathname}`;
  return `${request.method} ${pathname} matches ${found.length} operations: ${found.map((f) => f.operation.path)}`;
}

function checkRequest({request, operation, pathParams}: Call): string[] {
  const op = operation.operation;
  const problems: string[] = [];
  const params = op.parameters ?? [];
  for (const [name, value] of Object.entries(pathParams)) {
    const param = params.find((p) => p.in === 'path' && p.name === name);
    problems.push(...validate(param?.schema, decodeURIComponent(value), `path parameter ${name}`));
  }
  const sent = new Map<string, string[]>();
  for (const [k, v] of request.url.searchParams) sent.set(k, [...(sent.get(k) ?? []), v]);
  for (const [name, values] of sent) {
    const param = params.find((p) => p.in === 'query' && p.name === name);
    if (!param) problems.push(`query parameter ${name} is not a parameter of ${op.operationId}`);
    else problems.push(...validate(param.schema, queryValue(param, values), `query parameter ${name}`));
  }
  for (const p of params) {
    if (p.in === 'query' && p.required && !sent.has(p.name))
      problems.push(`required query parameter ${p.name} missing`);
  }
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  if (request.body === undefined) {
    if (op.requestBody?.required) problems.push(`${op.operationId} requires a request body`);
  } else if (!bodySchema) {
    problems.push(`${op.operationId} takes no request body`);
  } else {
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return [...problems, 'the request body is not JSON'];
    }
    problems.push(...validate(bodySchema, body, 'request body'));
  }
  return problems;
}

function checkResponses(step: RecipeStep, {operation}: Call): string[] {
  return step.responses.flatMap(({status, text}) => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return [`response ${status} is not valid JSON: ${(error as Error).message}`];
    }
    const response = operation.operation.responses[status];
    if (!response) return [`${operation.operation.operationId} documents no ${status} response`];
    return validate(response.content?.['application/json']?.schema, body, `response ${status}`);
  });
}

function checkLinks(step: RecipeStep, {operation}: Call): string[] {
  const tag = operation.operation.tags?.[0] ?? '';
  const expected = `/api/v1/${slugify(tag)}/${operationSlug(operation.operation.operationId ?? '')}`;
  const operationLinks = step.apiLinks.filter((l) => /^\/api\/v1\/(?!schemas\/)[^/]+\/[^/]+$/.test(l));
  const problems = operationLinks.filter((l) => l !== expected).map((l) => `links ${l}, not the call's ${expected}`);
  if (!operationLinks.includes(expected)) problems.push(`no link to the operation page ${expected}`);
  return problems;
}

/** Uuids the step sends in its path or query that neither an earlier response nor the inputs of step 1 hold. */
function unexplainedIds(request: HttpRequest, known: string): string[] {
  const sent = `${request.url.pathname}${request.url.search}`.match(UUID) ?? [];
  return sent.filter((id) => !known.includes(id)).map((id) => `${id} comes from no earlier response or input`);
}

/** Every problem of a recipe page: shape, then per step the call, its operation, link, request and responses. */
async function recipeProblems(file: string): Promise<string[]> {
  const recipe = parseRecipe(file);
  const problems: string[] = [];
  if (recipe.steps.length < 2) problems.push(`a recipe has at least two steps, found ${recipe.steps.length}`);
  if (!recipe.setupJavascript.includes('resultsOf')) problems.push('no JavaScript setup block (title="Setup")');
  recipe.steps.forEach((step, i) => {
    const at = `step ${i + 1} ("${step.title}")`;
    if (step.number !== i + 1) problems.push(`${at} is numbered ${step.number}`);
    if (step.curl.length !== 1) problems.push(`${at} has ${step.curl.length} curl blocks, not 1`);
    if (step.javascript.length !== 1) problems.push(`${at} has ${step.javascript.length} JavaScript blocks, not 1`);
    if (step.responses.length === 0) problems.push(`${at} shows no response (json title="Response <status>")`);
    if (!step.javascript.join('').includes('fetch(')) problems.push(`${at}: the JavaScript does not call fetch`);
  });
  if (problems.length) return problems;

  let jsCalls: HttpRequest[][];
  try {
    jsCalls = await runJavascript(recipe, ENV);
  } catch (error) {
    return [`the JavaScript of the page fails: ${(error as Error).message}`];
  }
  let known = recipe.steps[0].javascript.join('\n');
  recipe.steps.forEach((step, i) => {
    const at = `step ${i + 1}`;
    const stepProblems: string[] = [];
    let curl: HttpRequest | undefined;
    try {
      const commands = shellCommands(step.curl[0], ENV);
      if (commands.length !== 1) throw new Error(`${commands.length} commands, not 1`);
      curl = curlRequest(commands[0]);
    } catch (error) {
      stepProblems.push(`curl: ${(error as Error).message}`);
    }
    const js = jsCalls[i];
    if (js.length !== 1) stepProblems.push(`the JavaScript makes ${js.length} calls, not 1`);
    if (curl && js.length === 1) stepProblems.push(...sameCall(curl, js[0]));
    if (curl) {
      const call = matchOperation(curl);
      if (typeof call === 'string') stepProblems.push(call);
      else {
        stepProblems.push(...checkLinks(step, call), ...checkRequest(call), ...checkResponses(step, call));
      }
      if (i > 0) stepProblems.push(...unexplainedIds(curl, known));
    }
    known += step.responses.map((r) => r.text).join('\n');
    problems.push(...stepProblems.map((p) => `${at}: ${p}`));
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

const recipeFile = (dir: string, slug: string) => path.join(root, dir, 'guides/api-recipes', `${slug}.mdx`);

describe.each(VERSION_DIRS)('API recipes in %s', (dir) => {
  it('are exactly the listed recipes (plus their shared partial)', () => {
    const files = listMdx(path.join(root, dir, 'guides/api-recipes')).map((f) => path.basename(f, '.mdx'));
    expect(files.sort()).toEqual([...RECIPES, '_before-you-start'].sort());
  });

  it.each(RECIPES)('%s: front matter and ≥ 300 words of its own prose', (slug) => {
    const recipe = parseRecipe(recipeFile(dir, slug));
    expect(recipe.page.frontMatter.title).toBeTruthy();
    expect(String(recipe.page.frontMatter.description ?? '').length).toBeGreaterThan(40);
    // Counted without the shared partial, so each page stands on its own words.
    const own = fs.readFileSync(recipeFile(dir, slug), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    expect(proseWords(own.replace(/^import\s.+$/gm, ''))).toBeGreaterThanOrEqual(300);
  });

  // The steps run in runJavascript; this also covers the blocks outside the steps (setup, download), as a reader
  // pasting every block of the page into one recipe.mjs would run them.
  it.each(RECIPES)('%s: its JavaScript is one valid module and its shell blocks parse', (slug) => {
    const blocks = codeBlocks(parseRecipe(recipeFile(dir, slug)).page.body);
    const module = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-')), 'recipe.mjs');
    fs.writeFileSync(
      module,
      blocks
        .filter((b) => b.lang === 'js')
        .map((b) => b.code)
        .join('\n'),
    );
    const node = spawnSync(process.execPath, ['--check', module], {encoding: 'utf8'});
    fs.rmSync(path.dirname(module), {recursive: true, force: true});
    expect(node.stderr).toBe('');
    for (const block of blocks.filter((b) => b.lang === 'bash')) {
      const bash = spawnSync('bash', ['-n'], {input: block.code, encoding: 'utf8'});
      expect(bash.stderr, block.code).toBe('');
    }
  });

  it.each(RECIPES)('%s: every step is one valid call of the contract', async (slug) => {
    expect(await recipeProblems(recipeFile(dir, slug))).toEqual([]);
  });
});

describe('the recipes category', () => {
  it('lists the recipes under Guides, with a generated index', () => {
    const guides = informationArchitecture.find((i) => typeof i !== 'string' && i.label === 'Guides');
    const category =
      typeof guides === 'object'
        ? guides.items.find((i) => typeof i !== 'string' && i.label === 'API recipes')
        : undefined;
    expect(category).toMatchObject({link: {type: 'generated-index', slug: '/guides/api-recipes'}});
    expect(typeof category === 'object' ? category.items : []).toEqual(RECIPES.map((s) => `guides/api-recipes/${s}`));
  });
});

describe('curl parsing', () => {
  it.each([
    [
      'curl "$LIGHTDASH_URL/api/v1/org/projects" --header "Authorization: ApiKey $LIGHTDASH_API_KEY"',
      {
        method: 'GET',
        url: 'https://lightdash.example.com/api/v1/org/projects',
        headers: {authorization: 'ApiKey test-token'},
      },
    ],
    [
      `curl --request PATCH \\\n  "\${LIGHTDASH_URL}/api/v1/x?a=1&b=2" \\\n  -H 'Authorization: ApiKey $KEEP' --data '{"k": "v"}'`,
      {
        method: 'PATCH',
        url: 'https://lightdash.example.com/api/v1/x?a=1&b=2',
        headers: {authorization: 'ApiKey $KEEP'},
        body: '{"k": "v"}',
      },
    ],
    [
      'curl -d \'{}\' "$LIGHTDASH_URL/api/v1/y" # a comment',
      {method: 'POST', url: 'https://lightdash.example.com/api/v1/y', headers: {}, body: '{}'},
    ],
  ])('%s', (code, expected) => {
    const [command, ...more] = shellCommands(code, ENV);
    expect(more).toEqual([]);
    const request = curlRequest(command);
    expect({...request, url: request.url.href}).toEqual(expected);
  });

  it.each([
    ['curl "$LIGHTDASH_URLL/api/v1/org"', /undefined shell variable \$LIGHTDASH_URLL/],
    ['curl --location "$LIGHTDASH_URL/api/v1/org"', /--location is not understood/],
    ['curl "$LIGHTDASH_URL/api/v1/org', /unterminated double quote/],
  ])('rejects %s', (code, message) => {
    expect(() => curlRequest(shellCommands(code, ENV)[0])).toThrow(message);
  });
});

/**
 * Each check must be able to fail: a recipe broken in one way is reported for that reason. The broken copy is
 * written next to a copy of the shared partial in a temporary folder.
 */
describe('a broken recipe is reported', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-recipes-'));
  afterAll(() => fs.rmSync(tmp, {recursive: true, force: true}));
  fs.copyFileSync(recipeFile('docs', '_before-you-start'), path.join(tmp, '_before-you-start.mdx'));

  const broken = async (slug: string, edit: (text: string) => string) => {
    const source = fs.readFileSync(recipeFile('docs', slug), 'utf8');
    const text = edit(source);
    expect(text, 'the edit changed nothing').not.toBe(source);
    const file = path.join(tmp, `${slug}.mdx`);
    fs.writeFileSync(file, text);
    return (await recipeProblems(file)).join('\n');
  };

  it.each([
    [
      'a path that is no operation',
      'get-compiled-sql-of-a-chart',
      (t: string) => t.replaceAll('/compileQuery"', '/compile"').replaceAll('/compileQuery`', '/compile`'),
      /step 2: no contract operation is POST \/api\/v1\/projects\/[^/]+\/explores\/orders\/compile\b/,
    ],
    [
      'a misspelt body key',
      'export-a-chart-to-csv',
      (t: string) => t.replaceAll('onlyRaw', 'onlyRows'),
      /step 1: request body does not match the contract/,
    ],
    [
      'a response without a required field',
      'export-a-chart-to-csv',
      (t: string) => t.replace(/,\n\s*"truncated": false/, ''),
      /step 2: response 200 does not match the contract:\n.*must have required property 'truncated'/,
    ],
    [
      'curl and the JavaScript disagreeing',
      'get-compiled-sql-of-a-chart',
      (t: string) => t.replace(`--data '{"invalidateCache": false}'`, `--data '{"invalidateCache": true}'`),
      /step 1: curl and the JavaScript send different bodies/,
    ],
    [
      'a link to another operation',
      'get-compiled-sql-of-a-chart',
      (t: string) => t.replace('(/api/v1/exploring/compile-query)', '(/api/v1/exploring/run-metric-query)'),
      /step 2: links \/api\/v1\/exploring\/run-metric-query, not the call's \/api\/v1\/exploring\/compile-query/,
    ],
    [
      'a query parameter of the wrong type',
      'run-a-metric-query-and-page-results',
      (t: string) => t.replaceAll('pageSize=20', 'pageSize=twenty').replaceAll("pageSize: '20'", "pageSize: 'twenty'"),
      /step 1: query parameter pageSize does not match the contract/,
    ],
    [
      'an id that no earlier step returned',
      'list-dashboards-of-a-space',
      (t: string) =>
        t.replace(/("uuid": ")e0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b/, '$1aaaaaaaa-d4e5-4f60-8a7b-9c0d1e2f3a4b'),
      /step 2: e0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b comes from no earlier response or input/,
    ],
    [
      'a response that is not JSON',
      'rotate-a-personal-access-token',
      (t: string) => t.replace('"status": "ok",', '"status": "ok"'),
      /response 200 is not valid JSON|the JavaScript of the page fails/,
    ],
    [
      'a step without its JavaScript',
      'list-dashboards-of-a-space',
      (t: string) => t.replace('```js title="JavaScript"', '```js'),
      /step 1 \("[^"]+"\) has 0 JavaScript blocks, not 1/,
    ],
  ])('%s', async (_what, slug, edit, expected) => {
    expect(await broken(slug, edit)).toMatch(expected);
  });
});
