/**
 * Search-as-you-type: while a reader types a word letter by letter, every prefix of 3+ letters keeps
 * showing suggestions when the whole word has some (issue 19). The words are from the docs' vocabulary,
 * long ones included, typed alone and as the last word after another. Runs the site's search (the
 * plugin's query code, ranked by src/search) on the production build's all-sections index.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {createPluginSearch, type Search} from './pluginSearch';

/** Words readers type, as the docs spell them (many longer than their stem: the hard case). */
const WORDS = [
  'embedding',
  'calculations',
  'dimensions',
  'dashboards',
  'scheduler',
  'deliveries',
  'permissions',
  'attributes',
  'authentication',
  'organization',
  'integration',
  'configuration',
  'environment',
  'variables',
  'warehouse',
  'credentials',
  'snowflake',
  'bigquery',
  'databricks',
  'redshift',
  'postgres',
  'trino',
  'filtering',
  'formatting',
  'conditional',
  'percentile',
  'cumulative',
  'timestamp',
  'interval',
  'granularity',
  'exploring',
  'explores',
  'metrics',
  'catalog',
  'spotlight',
  'promotion',
  'promoting',
  'validation',
  'validating',
  'compiling',
  'deploying',
  'preview',
  'pinning',
  'sharing',
  'exporting',
  'download',
  'notifications',
  'comments',
  'analytics',
  'visualization',
  'generating',
  'upgrading',
  'installing',
  'kubernetes',
  'headless',
  'screenshots',
  'logging',
  'semantic',
  'personal',
  'tokens',
  'rotating',
  'groups',
  'members',
  'invitation',
  'spaces',
  'virtual',
  'joining',
  'relationship',
];
/** Two-word inputs whose last word is typed letter by letter. */
const PHRASES = ['table calculation', 'scheduled deliveries', 'custom dimension', 'personal access', 'user attributes'];

let search: Search;

beforeAll(async () => {
  search = await createPluginSearch();
});

/** Every input a reader passes through while typing the last word of `text`, from its third letter. */
function typedPrefixes(text: string): string[] {
  const start = text.lastIndexOf(' ') + 1;
  const out: string[] = [];
  for (let end = start + 3; end <= text.length; end++) out.push(text.slice(0, end));
  return out;
}

describe('every typed prefix keeps its suggestions', () => {
  it('has at least 50 words, long ones included', () => {
    expect(new Set(WORDS).size).toBe(WORDS.length);
    expect(WORDS.length).toBeGreaterThanOrEqual(50);
    expect(WORDS.filter((w) => w.length >= 11).length).toBeGreaterThanOrEqual(8);
    expect(typedPrefixes('embed')).toEqual(['emb', 'embe', 'embed']);
  });

  it.each([...WORDS, ...PHRASES])(
    '%s',
    async (text) => {
      expect((await search(text)).length, `"${text}" itself finds nothing: not a word of the docs`).toBeGreaterThan(0);
      const empty: string[] = [];
      for (const prefix of typedPrefixes(text)) {
        if ((await search(prefix)).length === 0) empty.push(prefix);
      }
      expect(empty, `typed prefixes of "${text}" without suggestions`).toEqual([]);
      // Up to a dozen searches per word, on a machine that may be busy.
    },
    180_000,
  );
});

describe('the last word as typed', () => {
  // The index holds stems ("calcul"): a word typed past its stem is looked for in the lines' text.
  it.each(['table calculat', 'table calculati', 'table calculatio'])(
    '"%s" suggests lines about table calculations, not about tables',
    async (input) => {
      const texts = (await search(input)).slice(0, 3).map((hit) => hit.text);
      expect(texts, `first suggestions for "${input}"`).toHaveLength(3);
      for (const text of texts) expect(text).toMatch(/table calculation/i);
    },
  );

  // One letter after a word: every suggestion has the word and a word starting with that letter.
  it.each([
    ['scheduled d', /\bschedul/i, /\bd/i],
    ['sql r', /\bsql\b/i, /\br/i],
    ['google s', /\bgoogle\b/i, /\bs/i],
  ])('"%s" keeps to lines with both words', async (input, first, start) => {
    const hits = await search(input);
    expect(hits.length).toBeGreaterThan(0);
    for (const {text} of hits) {
      expect(text).toMatch(first);
      expect(text).toMatch(start);
    }
  });
});
