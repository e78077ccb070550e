import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listMdx} from '../support/mdx';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

// Issue 51: four facts that two pages stated differently. Each now has one source (a shared snippet, or one section
// that other pages link to), and these checks fail when a page states the fact again in its own, different words.
// Pages are read as written, partials not inlined, so the snippet is the only file that holds the fact.

const root = path.resolve(__dirname, '../..');
const docDirs = ['docs', RELEASED_DOCS_DIR];

interface Source {
  readonly page: string;
  readonly text: string;
}

function sources(dir: string): Source[] {
  const base = path.join(root, dir);
  return listMdx(base).map((file) => ({
    page: path.relative(base, file),
    text: fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''),
  }));
}

/** Paragraphs (blocks between blank lines) of a page. */
const paragraphs = (text: string) => text.split(/\n\s*\n/);

// --- 1. The embed URL ---------------------------------------------------------------------------------------------

/** The part of each embed URL between the project id and the token: '' for `/embed/<id>#`, '/' for `/embed/<id>/#`. */
export function embedUrlSeparators(text: string): string[] {
  const id = String.raw`(?:\$\{[^}]+\}|<[^>]+>|\{\{?[^}]+\}?\}|%s|[0-9a-f]{8}-[0-9a-f-]{27,})`;
  return [...text.matchAll(new RegExp(String.raw`/embed/${id}(/?)#`, 'g'))].map((m) => m[1]);
}

// --- 2. user.externalId's default ---------------------------------------------------------------------------------

const EMBED_TOKEN_SNIPPET = 'snippets/_embed-token.mdx';
/** Words that say what `user.externalId` is when the token leaves it out. */
const DEFAULT_WORDS = /\b(default|generat\w*|deriv\w*|automatic\w*|left out|absent|leave it out)\b|\|\s*—\s*\|/i;

/** Lines outside the snippet that give `user.externalId` a default of their own. */
export function externalIdDefaults(text: string): string[] {
  return text.split('\n').filter((line) => /\bexternalId\b/.test(line) && DEFAULT_WORDS.test(line));
}

// --- 3. Where embedding is configured -----------------------------------------------------------------------------

const EMBED_REFERENCE = 'references/embedding.mdx';
const EMBED_LABEL = 'Embed configuration';

/** Bold labels that name the page of embedding settings (not one setting, such as **embed secret**). */
export function embedLabels(text: string): string[] {
  return [...text.matchAll(/\*\*([^*\n]+)\*\*/g)]
    .map((m) => m[1])
    .filter((label) => /\bembed\w*\b.*\b(configuration|settings?|section|page|tab)\b/i.test(label));
}

/** Sentences that say how to reach the embedding settings (a menu path), which only the reference may give. */
export function embedSettingsPaths(text: string): string[] {
  return paragraphs(text).filter(
    (p) =>
      /\*\*(Project settings|Settings|Current project)\*\*/.test(p) && new RegExp(`\\*\\*${EMBED_LABEL}\\*\\*`).test(p),
  );
}

/** Names for the embedding settings other than the product's label. */
const OTHER_NAMES = /\b(embedding|embed) (section|settings page|settings tab|tab)\b/i;

// --- 4. Quick calculations ----------------------------------------------------------------------------------------

const QUICK_SNIPPET = 'snippets/_quick-calculations.mdx';
const QUICK_SECTION = 'table-calculations.mdx#quick-calculations';
/** Words that say which metrics get a quick calculation. */
const SCOPE =
  /\b(any|every|all|each) metrics?\b|\bfor (a )?metrics?\b|\bnumeric\b|`(number|count|count_distinct|sum|average|median|percentile|min|max)`/i;

/** Paragraphs outside the snippet that mention a quick calculation and either state its scope or do not link to it. */
export function quickCalculationProblems(page: string, text: string): string[] {
  return paragraphs(text)
    .filter((p) => /quick calculation/i.test(p))
    .flatMap((p) => {
      const problems: string[] = [];
      if (SCOPE.test(p)) problems.push(`states which metrics: ${p.slice(0, 120)}`);
      const isReference = page === 'references/table-calculations.mdx';
      if (!isReference && !p.includes(QUICK_SECTION)) problems.push(`no link to ${QUICK_SECTION}: ${p.slice(0, 120)}`);
      return problems;
    });
}

describe('the one-source checkers', () => {
  it('read the separator of embed URLs in each notation', () => {
    expect(embedUrlSeparators('`/embed/${projectUuid}#${token}` and /embed/<project uuid>/#<token>')).toEqual([
      '',
      '/',
    ]);
    expect(embedUrlSeparators('https://x/embed/3675b69e-8324-4110-bdca-059031aa8da3#eyJ')).toEqual(['']);
    expect(embedUrlSeparators('https://www.loom.com/embed/9df1e9e24ead48cd8e46a73558d31764')).toEqual([]);
  });
  it('find a default given to externalId outside the snippet', () => {
    expect(externalIdDefaults('| `user.externalId` | string | — | Your id. |')).toHaveLength(1);
    expect(externalIdDefaults('| `user.externalId` | string | derived from the token | x |')).toHaveLength(1);
    expect(externalIdDefaults('Lightdash adds `user.externalId` to the query tags.')).toEqual([]);
  });
  it('find other labels and menu paths for the embedding settings', () => {
    expect(embedLabels('open **Embed settings** then **Save**')).toEqual(['Embed settings']);
    expect(embedLabels('Generate an **embed secret**.')).toEqual([]);
    expect(embedSettingsPaths('Open **Project settings** > **Embed configuration**.')).toHaveLength(1);
    expect(OTHER_NAMES.test('go to the embedding section')).toBe(true);
  });
  it('find quick calculation scopes and missing links', () => {
    expect(
      quickCalculationProblems('guides/x.mdx', 'For metrics, **Add quick calculation** > **Running total**.'),
    ).toHaveLength(2);
    expect(
      quickCalculationProblems(
        'guides/x.mdx',
        `The menu offers **Add quick calculation** ([which](../${QUICK_SECTION})).`,
      ),
    ).toEqual([]);
  });
});

describe.each(docDirs)('one source per fact in %s', (dir) => {
  const pages = sources(dir);
  const byPage = new Map(pages.map((s) => [s.page, s.text]));

  it('embed URL: every page writes /embed/<project uuid>#<token>, as the shared snippet does', () => {
    const snippet = embedUrlSeparators(byPage.get(EMBED_TOKEN_SNIPPET) ?? '');
    expect(snippet, `${EMBED_TOKEN_SNIPPET} shows the URL`).toHaveLength(1);
    const all = pages.flatMap(({page, text}) => embedUrlSeparators(text).map((sep) => ({page, sep})));
    expect(all.length).toBeGreaterThan(3);
    expect(all.filter(({sep}) => sep !== snippet[0])).toEqual([]);
  });

  it('user.externalId: only the shared snippet gives its default, and both embedding pages show the snippet', () => {
    expect(externalIdDefaults(byPage.get(EMBED_TOKEN_SNIPPET) ?? '')).not.toEqual([]);
    const others = pages
      .filter(({page}) => page !== EMBED_TOKEN_SNIPPET)
      .flatMap(({page, text}) => externalIdDefaults(text).map((line) => `${page}: ${line}`));
    expect(others).toEqual([]);
    for (const page of [EMBED_REFERENCE, 'guides/how-to-embed-content.mdx']) {
      expect(byPage.get(page), page).toMatch(/<EmbedToken \/>/);
    }
  });

  it(`embedding settings: one label (${EMBED_LABEL}), and only the reference gives the way there`, () => {
    const labels = pages.flatMap(({page, text}) => embedLabels(text).map((label) => ({page, label})));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter(({label}) => label !== EMBED_LABEL)).toEqual([]);
    const paths = pages.flatMap(({page, text}) => embedSettingsPaths(text).map(() => page));
    expect(paths).toEqual([EMBED_REFERENCE]);
    const otherNames = pages.flatMap(({page, text}) => (OTHER_NAMES.test(text) ? [page] : []));
    expect(otherNames).toEqual([]);
  });

  it('quick calculations: only the shared snippet says which metrics get them; other mentions link to it', () => {
    expect(byPage.get(QUICK_SNIPPET), QUICK_SNIPPET).toMatch(/count_distinct/);
    expect(byPage.get('references/table-calculations.mdx')).toMatch(/<QuickCalculations \/>/);
    const problems = pages
      .filter(({page}) => page !== QUICK_SNIPPET)
      .flatMap(({page, text}) => quickCalculationProblems(page, text).map((p) => `${page}: ${p}`));
    expect(problems).toEqual([]);
  });
});
