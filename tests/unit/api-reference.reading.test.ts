import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {languageScript, NOSCRIPT_STYLE} from '../../plugins/api-reference/headTags';
import {SAMPLE_LANGUAGES} from '../../plugins/api-reference/model/codeSamples';
import {exampleForStatus} from '../../plugins/api-reference/model/pages';
import type {SchemaNode} from '../../plugins/api-reference/types';
import {LANGUAGE_KEY, LANGUAGE_STYLE_ID} from '../../plugins/api-reference/storageKeys';
import {
  parseInstanceUrl,
  parseProjectUuid,
  parseStoredInstance,
  personalise,
  pickLanguage,
  RECIPE_DEFAULTS,
} from '../../plugins/api-reference/theme/preferences';
import {fieldIds} from '../../plugins/api-reference/theme/SchemaTree/fieldIds';
import {toCurl, type ConsoleOperation} from '../../plugins/api-reference/theme/TryItConsole/request';

const root = path.join(__dirname, '../..');

describe('the reader’s instance', () => {
  it.each([
    ['https://lightdash.example.com', 'https://lightdash.example.com'],
    ['  https://lightdash.example.com/ ', 'https://lightdash.example.com'],
    ['https://example.com/lightdash/', 'https://example.com/lightdash'],
    ['http://localhost:8080', 'http://localhost:8080'],
  ])('accepts %j as %j', (input, expected) => expect(parseInstanceUrl(input)).toEqual({ok: true, value: expected}));

  it.each([
    ['', 'Enter the address'],
    ['lightdash.example.com', 'is not a web address'],
    ['javascript:alert(1)', 'must start with https://'],
    ['ftp://example.com', 'must start with https://'],
    ['https://user:secret@example.com', 'user name and password'],
    ['https://example.com/?next=1', 'without ? or #'],
  ])('refuses %j with a message', (input, message) => {
    const parsed = parseInstanceUrl(input);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toContain(message);
  });

  it('takes an empty project UUID as none and refuses anything but a UUID', () => {
    expect(parseProjectUuid(' ')).toEqual({ok: true, value: undefined});
    expect(parseProjectUuid('3675B69E-8324-4110-BDCA-059031AA8DA3')).toEqual({
      ok: true,
      value: '3675b69e-8324-4110-bdca-059031aa8da3',
    });
    expect(parseProjectUuid('../../etc').ok).toBe(false);
  });

  it.each([
    [null],
    ['not json'],
    ['{"url": 42}'],
    ['{"url": "javascript:alert(1)"}'],
    ['"https://example.com"'],
    ['null'],
  ])('treats the stored value %j as unset', (raw) => expect(parseStoredInstance(raw)).toBeNull());

  it('reads a stored instance, dropping a project UUID that is not one', () => {
    expect(parseStoredInstance('{"url":"https://a.example.com/","projectUuid":"<b>"}')).toEqual({
      url: 'https://a.example.com',
    });
    expect(
      parseStoredInstance('{"url":"https://a.example.com","projectUuid":"0f1e2d3c-4b5a-4698-8776-a5b4c3d2e1f0"}'),
    ).toEqual({url: 'https://a.example.com', projectUuid: '0f1e2d3c-4b5a-4698-8776-a5b4c3d2e1f0'});
  });

  it('personalises a sample: every default address, and the project only when given', () => {
    const code = 'curl https://app.lightdash.cloud/api/v1/projects/PROJECT_UUID/spaces # https://app.lightdash.cloud';
    const defaults = {server: 'https://app.lightdash.cloud', projectUuids: ['PROJECT_UUID']};
    expect(personalise(code, defaults, null)).toBe(code);
    expect(personalise(code, defaults, {url: 'https://x.example.com'})).toBe(
      'curl https://x.example.com/api/v1/projects/PROJECT_UUID/spaces # https://x.example.com',
    );
    expect(personalise(code, defaults, {url: 'https://x.example.com', projectUuid: 'p-1'})).toContain(
      '/projects/p-1/spaces',
    );
  });

  it('the recipes and the contract are written against the defaults the recipes personalise', () => {
    const contract = fs.readFileSync(path.join(root, 'generated/openapi/openapi.json'), 'utf8');
    expect(contract).toContain(RECIPE_DEFAULTS.projectUuids[0]);
    const dir = path.join(root, 'docs/guides/api-recipes');
    const recipes = fs.readdirSync(dir).filter((f) => /^[a-z].*\.mdx$/.test(f));
    expect(recipes.length).toBeGreaterThanOrEqual(5);
    for (const file of recipes) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).toMatch(/^personalise_api_samples: true$/m);
    }
    const setup = fs.readFileSync(path.join(dir, '_before-you-start.mdx'), 'utf8');
    expect(setup).toContain(`export LIGHTDASH_URL="${RECIPE_DEFAULTS.server}"`);
  });
});

describe('the sample language', () => {
  it('is the stored one when it is a language of the page, else the first', () => {
    expect(pickLanguage('python', SAMPLE_LANGUAGES)).toBe('python');
    expect(pickLanguage(null, SAMPLE_LANGUAGES)).toBe('curl');
    expect(pickLanguage('<script>', SAMPLE_LANGUAGES)).toBe('curl');
    expect(pickLanguage('python', ['curl', 'javascript'])).toBe('curl');
  });

  /** Runs the inline head script against a fake page: the attribute it sets and the style it adds. */
  function runScript(stored: string | null, throws = false) {
    const attributes: Record<string, string> = {};
    const styles: {id: string; textContent: string}[] = [];
    const context = {
      localStorage: {
        getItem: (key: string) => {
          if (throws) throw new Error('denied');
          return key === LANGUAGE_KEY ? stored : null;
        },
      },
      document: {
        documentElement: {setAttribute: (name: string, value: string) => (attributes[name] = value)},
        createElement: () => ({id: '', textContent: ''}),
        head: {appendChild: (style: {id: string; textContent: string}) => styles.push(style)},
      },
    };
    vm.runInNewContext(languageScript(LANGUAGE_KEY), context);
    return {language: attributes['data-api-language'], styles};
  }

  it('the head script shows a valid stored language before the first paint, and nothing else', () => {
    const go = runScript('go');
    expect(go.language).toBe('go');
    expect(go.styles).toHaveLength(1);
    expect(go.styles[0].id).toBe(LANGUAGE_STYLE_ID);
    expect(go.styles[0].textContent).toContain(
      '[data-tabs=language] [role=tabpanel][data-tab=go]{display:block!important}',
    );
    expect(go.styles[0].textContent).toContain('[data-tabs=language] [role=tab][data-tab=go]{border-bottom-color');
    expect(runScript('javascript').language).toBe('javascript');
    // The default needs nothing; anything else is ignored.
    for (const stored of ['curl', null, 'go"><script>', 'go]{}*{display:none']) {
      expect(runScript(stored), String(stored)).toEqual({language: undefined, styles: []});
    }
    expect(runScript('python', true)).toEqual({language: undefined, styles: []});
  });

  it('without JavaScript every panel shows', () => {
    expect(NOSCRIPT_STYLE).toContain('[role=tabpanel][hidden]');
  });
});

describe('error examples per status', () => {
  const inherited = {status: 'error', error: {name: 'NotFoundError', statusCode: 404, message: 'x', data: {}}};

  it.each([
    ['400', 'ParameterError', 400],
    ['401', 'AuthorizationError', 401],
    ['403', 'ForbiddenError', 403],
    ['default', 'UnexpectedServerError', 500],
  ])('a %s gets an envelope of its own', (code, name, statusCode) => {
    const example = exampleForStatus(code, inherited) as {error: {name: string; statusCode: number}};
    expect(example.error).toMatchObject({name, statusCode});
  });

  it('keeps an example that matches its status, and any success example', () => {
    expect(exampleForStatus('404', inherited)).toBe(inherited);
    const ok = {status: 'ok', results: []};
    expect(exampleForStatus('200', ok)).toBe(ok);
  });
});

describe('field ids', () => {
  const tree: SchemaNode = {
    type: 'object',
    children: [
      {name: 'name', type: 'string'},
      {
        name: 'access',
        type: 'array',
        items: {type: 'object', children: [{name: 'role', type: 'string'}]},
      },
      {
        name: 'config',
        type: 'oneOf',
        variants: [
          {name: 'Bar chart', type: 'object', children: [{name: 'type', type: 'string'}]},
          {name: 'Bar chart', type: 'object'},
        ],
      },
    ],
  };

  it('names each field by its path, through arrays and variants, uniquely', () => {
    const ids = [...fieldIds(tree, 'body').values()];
    expect(ids).toEqual([
      'body.name',
      'body.access',
      'body.access.role',
      'body.config',
      'body.config.Bar-chart',
      'body.config.Bar-chart.type',
      'body.config.Bar-chart-2',
    ]);
  });
});

describe('copy as curl', () => {
  const op: ConsoleOperation = {
    method: 'post',
    path: '/api/v1/projects/{projectUuid}/spaces',
    server: 'https://app.lightdash.cloud',
    parameters: [{name: 'projectUuid', in: 'path', required: true, isArray: false, explode: false}],
    body: '{}',
  };

  it('writes the request with the key as $LIGHTDASH_API_KEY and shell-safe quoting', () => {
    const built = toCurl(op, {
      instanceUrl: 'https://x.example.com',
      values: {'path:projectUuid': 'p1'},
      body: `{"name": "it's"}`,
    });
    expect(built.ok && built.curl).toBe(
      [
        `curl --request POST 'https://x.example.com/api/v1/projects/p1/spaces'`,
        `--header "Authorization: ApiKey $LIGHTDASH_API_KEY"`,
        `--header 'Accept: application/json'`,
        `--header 'Content-Type: application/json'`,
        `--data '{"name": "it'\\''s"}'`,
      ].join(' \\\n  '),
    );
  });

  it('says what is missing instead of writing a command', () => {
    const built = toCurl(op, {instanceUrl: 'https://x.example.com', values: {}, body: ''});
    expect(built).toEqual({ok: false, error: 'Fill in the path parameter "projectUuid".'});
  });
});
