// The site's search ranking (src/search/ranking.ts) and half-typed words (rankedSearch.ts), on
// made-up plugin results: no build needed.
import {describe, expect, it} from 'vitest';
import {
  apiShapeOf,
  proximityOf,
  rankSearchResults,
  sectionOfUrl,
  settingNamesOf,
  type RankableResult,
} from '../../src/search/ranking';
import {cutBackInputs, withCutBack} from '../../src/search/typing';
import {SearchDocumentType} from '../../src/search/documentTypes.mjs';

const {Title, Heading, Keywords, Content} = SearchDocumentType;

let nextId = 0;
/** A plugin result: `type` a SearchDocumentType; `tokens` the words it matched. */
function result(url: string, type: number, tokens: string[], text = url, score = 1): RankableResult {
  const page = {i: nextId++, t: `title of ${url}`, u: url};
  const document =
    type === Title ? {...page, t: text} : {i: nextId++, t: text, u: url, p: page.i, h: type === Heading ? '#h' : ''};
  return {document, type, page: type === Title ? false : page, tokens, score};
}

const urls = (results: RankableResult[]) => results.map((r) => r.document.u);

/**
 * lunr's match data for `text` as the plugin returns it (term → field `t` → [start, length] positions): every
 * word that starts with one of `terms`, lower case.
 */
function matchData(text: string, terms: string[]): Record<string, {t: {position: number[][]}}> {
  const metadata: Record<string, {t: {position: number[][]}}> = {};
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = terms.find((t) => word[0].toLowerCase().startsWith(t));
    if (term) (metadata[term] ??= {t: {position: []}}).t.position.push([word.index, word[0].length]);
  }
  return metadata;
}

describe('apiShapeOf', () => {
  it('tells API-shaped queries from task questions', () => {
    expect(apiShapeOf('create a personal access token').isApi).toBe(false);
    expect(apiShapeOf('create space api')).toMatchObject({isApi: true, identifiers: [], route: null});
    expect(apiShapeOf('runQuery').identifiers).toEqual(['runQuery']);
    expect(apiShapeOf('MetricQuery schema').identifiers).toEqual(['MetricQuery']);
    expect(apiShapeOf('post /api/v1/projects/{projectUuid}/spaces').route).toBe(
      'POST /api/v1/projects/{projectUuid}/spaces',
    );
    expect(apiShapeOf('LIGHTDASH_SECRET').isApi).toBe(false);
  });

  it('reads a PascalCase word as a name only when the API defines it, not a product written its way', () => {
    const apiNames = new Set(['metricquery', 'upsertchartascode']);
    expect(apiShapeOf('MetricQuery filters', apiNames)).toMatchObject({isApi: true, identifiers: ['MetricQuery']});
    expect(apiShapeOf('UpsertChartAsCode', apiNames).identifiers).toEqual(['UpsertChartAsCode']);
    expect(apiShapeOf('GitHub actions to deploy', apiNames)).toMatchObject({isApi: false, identifiers: []});
    expect(apiShapeOf('connect BigQuery', apiNames).isApi).toBe(false);
    // camelCase is always a name (operationIds, YAML keys); without the API's names every shape counts.
    expect(apiShapeOf('runQuery', apiNames).identifiers).toEqual(['runQuery']);
    expect(apiShapeOf('GitHub actions').identifiers).toEqual(['GitHub']);
  });

  it('does not search for the words that name the docs themselves', () => {
    expect(apiShapeOf('markdown tiles docs').terms).toBe('markdown tiles');
    expect(apiShapeOf('lightdash api documentation')).toMatchObject({isApi: true, terms: 'lightdash'});
    expect(apiShapeOf('docs').terms).toBe('docs');
    expect(apiShapeOf('api docs').terms).toBe('api docs');
  });

  it('searches for the words around "api", not for "api" itself', () => {
    expect(apiShapeOf('chart version history api')).toMatchObject({isApi: true, terms: 'chart version history'});
    expect(apiShapeOf('API pagination').terms).toBe('pagination');
    expect(apiShapeOf('api').terms).toBe('api');
    expect(apiShapeOf('  pin a chart ').terms).toBe('pin a chart');
  });

  it('sorts pages into docs, API operations and API schemas', () => {
    expect(sectionOfUrl('/guides/pinning')).toBe('docs');
    expect(sectionOfUrl('/api/v1/spaces/createSpace')).toBe('apiOperation');
    expect(sectionOfUrl('/next/api/v1/schemas/Space')).toBe('apiSchema');
    expect(sectionOfUrl('/guides/api-recipes/export-a-chart-to-csv')).toBe('apiRecipe');
    expect(sectionOfUrl('/guides/api-reference-tips')).toBe('docs');
  });
});

describe('setting names typed as such', () => {
  it('are environment variables, snake_case keys and CLI flags, not ordinary or short capitalised words', () => {
    expect(settingNamesOf('S3_ENDPOINT minio --skip-dbt-compile required_attributes PGHOST SSO api -y')).toEqual([
      'S3_ENDPOINT',
      '--skip-dbt-compile',
      'required_attributes',
      'PGHOST',
    ]);
    expect(settingNamesOf('how to set up SAML with Okta')).toEqual([]);
  });

  it('put the docs page that holds the name before a page that only has a near word in its title', () => {
    const results = [
      // The plugin's fuzzy match: "minio" is one letter from "minim", the stem of "minimal".
      result('/get-started/new-to-dbt', Title, ['minio'], 'A minimal dbt project'),
      result('/self-host/object-storage', Content, ['s3_endpoint'], 'Set S3_ENDPOINT to the address of your S3 store.'),
    ];
    expect(urls(rankSearchResults('S3_ENDPOINT minio', results, 8))[0]).toBe('/self-host/object-storage');
    // The same line without the exact name (another variable) gets no such help.
    const other = [results[0], result('/self-host/other', Content, ['s3_endpoint'], 'Set S3_ENDPOINT_URL here.')];
    expect(urls(rankSearchResults('S3_ENDPOINT minio', other, 8))[0]).toBe('/get-started/new-to-dbt');
  });
});

describe('rankSearchResults', () => {
  it('puts the guide before an API schema whose title matches as well, for a task question', () => {
    const results = [
      result(
        '/api/v1/schemas/PersonalAccessTokenWithToken',
        Title,
        ['personal', 'access', 'token'],
        'PersonalAccessTokenWithToken',
      ),
      result('/references/personal_tokens', Title, ['personal', 'access', 'token'], 'Personal access tokens'),
    ];
    expect(urls(rankSearchResults('personal access token', results, 8))[0]).toBe('/references/personal_tokens');
  });

  it('puts the API page first for the operationId, the schema name or the route', () => {
    const guide = result('/guides/version-history', Title, ['rollbackchart'], 'Chart version history');
    const schema = result('/api/v1/schemas/UpsertChartAsCode', Title, ['upsertchartascode'], 'UpsertChartAsCode');
    const operation = result(
      '/api/v1/content/upsertChartAsCode',
      Keywords,
      ['upsertchartascode'],
      'POST /api/v1/projects/{projectUuid}/charts/{slug}/code,  upsertChartAsCode,  Content',
    );
    expect(urls(rankSearchResults('upsertChartAsCode', [guide, schema, operation], 8))[0]).toBe(
      '/api/v1/content/upsertChartAsCode',
    );
    expect(urls(rankSearchResults('UpsertChartAsCode', [guide, operation, schema], 8))[0]).toBe(
      '/api/v1/schemas/UpsertChartAsCode',
    );
    expect(
      urls(
        rankSearchResults('POST /api/v1/projects/{projectUuid}/charts/{slug}/code', [guide, schema, operation], 8),
      )[0],
    ).toBe('/api/v1/content/upsertChartAsCode');
  });

  it('ranks a page matching every word above one matching fewer, wherever the match is', () => {
    const results = [
      result('/references/spaces', Title, ['space'], 'Spaces'),
      result('/references/spaces', Content, ['space'], 'body'),
      result('/references/groups', Content, ['space', 'access', 'groups'], 'body'),
      result('/references/groups', Heading, ['space', 'access', 'groups'], 'Space access for groups'),
    ];
    expect(urls(rankSearchResults('space access groups', results, 8))).toEqual([
      '/references/groups',
      '/references/spaces',
    ]);
  });

  it("counts a page's words over every typed word found, so loose lines of one word each do not outweigh a title", () => {
    // No line holds more than two of the eight words. Counted over the best line's two, the eight loose
    // lines made a coverage of 4 (squared, 16) and won; over the eight found, they hold all, 1.
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    const loose = words.map((word) => result('/guides/loose', Content, [word], word));
    const titled = result('/references/titled', Title, ['alpha', 'beta'], 'Alpha beta');
    expect(urls(rankSearchResults(words.join(' '), [...loose, titled], 8))).toEqual([
      '/references/titled',
      '/guides/loose',
    ]);
  });

  it('shows each page once, so one page cannot fill the list, and keeps to the limit', () => {
    const many = Array.from({length: 6}, (_, i) => result('/guides/a', i === 0 ? Title : Heading, ['x'], `a${i}`));
    const others = ['/guides/b', '/guides/c', '/guides/d'].map((u) => result(u, Title, ['x']));
    const ranked = rankSearchResults('x', [...many, ...others], 3);
    expect(urls(ranked)).toEqual(['/guides/a', '/guides/b', '/guides/c']);
    expect(ranked[0].type).toBe(0);
  });

  it('links straight to the heading that matches more words than the title', () => {
    const title = result('/guides/pinning', Title, ['pin'], 'Pinning');
    const heading = result('/guides/pinning', Heading, ['pin', 'space'], 'Pin to a space');
    const [line] = rankSearchResults('pin space', [title, heading], 8);
    expect(line.type).toBe(1);
    expect(line.document.t).toBe('Pin to a space');
  });

  it('puts the guide that does it in the app before the API recipe, and the recipe first when the API is asked for', () => {
    const recipe = result(
      '/guides/api-recipes/export-a-chart-to-csv',
      Title,
      ['export', 'chart', 'csv'],
      'Export a chart to CSV',
    );
    const guide = result('/guides/sharing', Title, ['export', 'chart', 'csv'], 'Export a chart to CSV');
    expect(urls(rankSearchResults('export chart csv', [recipe, guide], 8))[0]).toBe('/guides/sharing');
    const operation = result(
      '/api/v1/exports/download-csv',
      Title,
      ['export', 'chart', 'csv'],
      'Export a chart to CSV',
    );
    expect(urls(rankSearchResults('export chart csv', [operation, guide], 8))[0]).toBe('/guides/sharing');
    expect(urls(rankSearchResults('export chart csv api', [guide, operation], 8))[0]).toBe(
      '/api/v1/exports/download-csv',
    );
  });

  it('weighs a "Next steps" paragraph less: it describes the pages it links to', () => {
    const onward = {...result('/guides/a', Content, ['cross', 'filter'], 'Cross filter: see the dashboards guide.')};
    onward.document = {...onward.document, h: '#next-steps'};
    const body = result('/guides/dashboards', Content, ['cross', 'filter'], 'Click a bar to cross filter every tile.');
    expect(urls(rankSearchResults('cross filter', [onward, body], 8))).toEqual(['/guides/dashboards', '/guides/a']);
  });

  it('prefers the page where the typed words stand side by side', () => {
    const apart = result('/guides/a', Content, ['sql', 'runner'], 'Write SQL here; the runner of the job is you.');
    const together = result('/guides/b', Content, ['sql', 'runner'], 'Open the SQL runner from the menu.');
    expect(urls(rankSearchResults('sql runner', [apart, together], 8))[0]).toBe('/guides/b');
  });

  it('prefers the paragraph that holds the typed words close together, in any order, to one that scatters them', () => {
    // Typed in another order than either paragraph has them: no word pair stands side by side as typed.
    const typed = ['blank', 'totals', 'row'];
    const line = (url: string, text: string) => ({
      ...result(url, Content, typed, text),
      metadata: matchData(text, typed),
    });
    const scattered = line(
      '/guides/a',
      'Each row of the table has a menu; totals are shown at the end, and a blank cell means null.',
    );
    const close = line('/guides/c', 'In a pivot table, row totals stay blank until you turn them on for that chart.');
    expect(urls(rankSearchResults('blank totals row', [scattered, close], 8))).toEqual(['/guides/c', '/guides/a']);
    // A typed name leaves the order to the identifier bonuses (as it leaves out the page scores).
    const named = {names: ['sql_filter'], pages: new Map(), lines: []};
    expect(urls(rankSearchResults('blank totals row', [scattered, close], 8, undefined, named))[0]).toBe('/guides/a');
  });

  it('shows a page that is a copy of one above it (same title and line) once', () => {
    const copy = (url: string) => result(url, Title, ['share'], 'Share insights with your team');
    const other = result('/guides/other', Content, ['share'], 'Share a space.');
    const ranked = rankSearchResults('share', [copy('/track-a/share'), copy('/track-b/share'), other], 8);
    expect(urls(ranked)).toEqual(['/track-a/share', '/guides/other']);
  });

  it('does not change the results it is given, and returns nothing for nothing', () => {
    const results = [result('/a', Heading, ['x']), result('/b', Title, ['x'])];
    const before = JSON.stringify(results);
    rankSearchResults('x', results, 8);
    expect(JSON.stringify(results)).toBe(before);
    expect(rankSearchResults('x', [], 8)).toEqual([]);
  });
});

describe('proximityOf', () => {
  const text = 'Open the SQL runner, write a query and save it as a chart.';
  it('is 1 for matched words side by side, in either order, and less the further apart they stand', () => {
    expect(proximityOf(text, matchData(text, ['sql', 'runner']))).toBe(1);
    expect(proximityOf('runner sql', matchData('runner sql', ['sql', 'runner']))).toBe(1);
    expect(proximityOf(text, matchData(text, ['sql', 'write']))).toBe(1 / 2);
    expect(proximityOf(text, matchData(text, ['sql', 'runner', 'chart']))).toBe(2 / 10);
  });

  it('takes the smallest window when a word comes more than once', () => {
    const repeated = 'A chart here, and far later on in this line a saved chart.';
    expect(proximityOf(repeated, matchData(repeated, ['chart', 'saved']))).toBe(1);
  });

  it('is 0 for one matched word, no match data or match data of another shape', () => {
    expect(proximityOf(text, matchData(text, ['sql']))).toBe(0);
    expect(proximityOf(text, undefined)).toBe(0);
    expect(proximityOf(text, {sql: {t: {position: 'nowhere'}}, runner: null})).toBe(0);
  });
});

describe('half-typed words', () => {
  it('cuts the last word back one letter at a time, down to three letters', () => {
    expect(cutBackInputs('table calculati')).toEqual([
      'table calculat',
      'table calcula',
      'table calcul',
      'table calcu',
      'table calc',
      'table cal',
    ]);
    expect(cutBackInputs('emb')).toEqual([]);
    expect(cutBackInputs('   ')).toEqual([]);
  });

  it('searches the cut-back inputs only when the input finds nothing, and stops at the first that does', () => {
    const asked: string[] = [];
    const stems = new Set(['embed']);
    const find = (input: string) => {
      asked.push(input);
      return stems.has(input) ? [input] : [];
    };
    expect(withCutBack(find, 'embeddi')).toEqual(['embed']);
    expect(asked).toEqual(['embeddi', 'embedd', 'embed']);
    asked.length = 0;
    expect(withCutBack(find, 'embed')).toEqual(['embed']);
    expect(asked).toEqual(['embed']);
  });
});
