import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {headings} from '../support/mdx';
import {RELEASED_DOCS_DIR, RELEASED_VERSION, RELEASE_DATE} from '../../src/lib/releasedVersion.mjs';

// Troubleshooting answers to problems users reported in public Lightdash issues (issue 35, item 4). The fixture
// tests/fixtures/troubleshooting.yaml lists each one; this test holds the pages to it, in both docs versions, so an
// entry cannot lose its heading, its source issue or the link that leads readers from the topic page to it.
const root = path.resolve(__dirname, '../..');
const versions = [
  {name: 'Next', dir: path.join(root, 'docs')},
  {name: RELEASED_VERSION, dir: path.join(root, RELEASED_DOCS_DIR)},
];

/** The day the released Lightdash came out: a later report needs a reason to count as evidence for it. */
export {RELEASE_DATE};
export const AREAS = [
  'self-hosting',
  'warehouse connections',
  'dbt and the CLI',
  'charts and filters',
  'deliveries and Slack',
  'SSO and users',
] as const;
const ISSUE_URL = /^https:\/\/github\.com\/lightdash\/(lightdash|helm-charts)\/(issues|pull)\/\d+$/;
const SECTION_ID = 'troubleshooting';

export interface Entry {
  readonly symptom: string;
  readonly area: string;
  readonly issue: string;
  readonly issueDate: string;
  readonly laterEvidence?: string;
  readonly page: string;
  readonly heading: string;
  /** The topic page that links to the section, when it is not the page that holds it. */
  readonly topic?: string;
}

/** What is wrong with one entry on one page's source (empty when the page answers it as the fixture says). */
export function entryProblems(source: string, entry: Entry): string[] {
  const all = headings(source);
  const index = all.findIndex((h) => h.id === entry.heading);
  if (index < 0) return [`no heading {#${entry.heading}}`];
  const heading = all[index];
  const problems: string[] = [];
  if (heading.text !== entry.symptom) {
    problems.push(`heading text is "${heading.text}", the fixture's symptom is "${entry.symptom}"`);
  }
  const parent = all
    .slice(0, index)
    .reverse()
    .find((h) => h.level < heading.level);
  if (parent?.id !== SECTION_ID) problems.push(`{#${entry.heading}} is not inside a {#${SECTION_ID}} section`);
  if (!source.slice(heading.start, heading.end).includes(`](${entry.issue})`)) {
    problems.push(`{#${entry.heading}} does not link ${entry.issue}`);
  }
  return problems;
}

/**
 * Whether a topic page leads readers to a page's troubleshooting section: a link to `#troubleshooting` placed
 * outside that section when it is the same page, or a relative link to `<page>#troubleshooting` from another page.
 */
export function linksToSection(topicSource: string, topicPage: string, sectionPage: string): boolean {
  const section = headings(topicSource).find((h) => h.id === SECTION_ID);
  const outside =
    topicPage === sectionPage && section
      ? topicSource.slice(0, section.start) + topicSource.slice(section.end)
      : topicSource;
  for (const [, target] of outside.matchAll(/\]\(([^)\s]*)\)/g)) {
    const [file, anchor] = target.split('#');
    if (anchor !== SECTION_ID) continue;
    const resolved = file ? path.posix.join(path.posix.dirname(topicPage), file) : topicPage;
    if (resolved === sectionPage) return true;
  }
  return false;
}

/** What is wrong with the fixture itself, whatever the pages say. */
export function fixtureProblems(entries: readonly Entry[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [i, e] of entries.entries()) {
    const at = `entry ${i + 1} (${e.heading})`;
    for (const key of ['symptom', 'area', 'issue', 'issueDate', 'page', 'heading'] as const) {
      if (typeof e[key] !== 'string' || e[key].trim() === '') problems.push(`${at}: no ${key}`);
    }
    if (!AREAS.includes(e.area as (typeof AREAS)[number])) problems.push(`${at}: unknown area "${e.area}"`);
    if (!ISSUE_URL.test(e.issue)) problems.push(`${at}: ${e.issue} is not a lightdash issue or pull request URL`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(e.issueDate)) problems.push(`${at}: issueDate "${e.issueDate}" is not YYYY-MM-DD`);
    else if (e.issueDate > RELEASE_DATE && !e.laterEvidence?.trim()) {
      problems.push(`${at}: reported ${e.issueDate}, after ${RELEASED_VERSION}, without laterEvidence`);
    }
    const key = `${e.page}#${e.heading}`;
    if (seen.has(key)) problems.push(`${at}: ${key} is listed twice`);
    seen.add(key);
  }
  return problems;
}

const entries = parseYaml(fs.readFileSync(path.join(root, 'tests/fixtures/troubleshooting.yaml'), 'utf8')) as Entry[];

describe('troubleshooting fixture', () => {
  it('lists at least 40 reported problems, at least 3 in each area', () => {
    expect(entries.length).toBeGreaterThanOrEqual(40);
    for (const area of AREAS) expect(entries.filter((e) => e.area === area).length, area).toBeGreaterThanOrEqual(3);
  });

  it(`is well formed: URLs, dates on or before ${RELEASED_VERSION} unless explained, no duplicates`, () => {
    const problems = fixtureProblems(entries);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe.each(versions)('troubleshooting in docs version $name', ({dir}) => {
  const read = (page: string) => fs.readFileSync(path.join(dir, page), 'utf8');

  it.each(entries.map((e) => [`${e.page}#${e.heading}`, e] as const))('%s', (_, entry) => {
    const problems = entryProblems(read(entry.page), entry);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  const sections = [...new Map(entries.map((e) => [e.page, e.topic ?? e.page])).entries()];
  it.each(sections)('%s: its topic page links to the troubleshooting section', (page, topic) => {
    expect(linksToSection(read(topic), topic, page)).toBe(true);
  });
});

describe('troubleshooting checkers', () => {
  const page = [
    'Intro. See [Troubleshooting](#troubleshooting).',
    '',
    '## Usage {#usage}',
    '',
    '```md',
    '## Not a heading {#fake}',
    '```',
    '',
    '## Troubleshooting {#troubleshooting}',
    '',
    '### `boom` happens {#boom}',
    '',
    'Source: [lightdash/lightdash#1](https://github.com/lightdash/lightdash/issues/1).',
    '',
    '## Next steps {#next-steps}',
    '',
    'Unrelated: [lightdash/lightdash#2](https://github.com/lightdash/lightdash/issues/2).',
  ].join('\n');
  const entry: Entry = {
    symptom: '`boom` happens',
    area: 'self-hosting',
    issue: 'https://github.com/lightdash/lightdash/issues/1',
    issueDate: '2024-01-01',
    page: 'guides/a.mdx',
    heading: 'boom',
  };

  it('accepts an entry that the page answers', () => {
    expect(entryProblems(page, entry)).toEqual([]);
  });

  it('ignores headings inside code fences', () => {
    expect(headings(page).map((h) => h.id)).toEqual(['usage', 'troubleshooting', 'boom', 'next-steps']);
  });

  it('rejects a missing heading, another symptom, a link outside the entry, or an entry outside the section', () => {
    expect(entryProblems(page, {...entry, heading: 'gone'})).toEqual(['no heading {#gone}']);
    expect(entryProblems(page, {...entry, symptom: 'bang'})).toHaveLength(1);
    expect(entryProblems(page, {...entry, issue: 'https://github.com/lightdash/lightdash/issues/2'})).toHaveLength(1);
    const moved = page.replace('## Troubleshooting {#troubleshooting}', '## Problems {#problems}');
    expect(entryProblems(moved, entry)).toEqual(['{#boom} is not inside a {#troubleshooting} section']);
  });

  it('finds the link from the topic page, on the same page or from another one', () => {
    expect(linksToSection(page, 'guides/a.mdx', 'guides/a.mdx')).toBe(true);
    const withoutIntroLink = page.replace('See [Troubleshooting](#troubleshooting).', '');
    expect(linksToSection(withoutIntroLink, 'guides/a.mdx', 'guides/a.mdx')).toBe(false);
    const other = 'Read [the fixes](../references/b.mdx#troubleshooting).';
    expect(linksToSection(other, 'guides/a.mdx', 'references/b.mdx')).toBe(true);
    expect(linksToSection(other, 'guides/a.mdx', 'references/c.mdx')).toBe(false);
  });

  it('rejects a bad fixture row', () => {
    expect(fixtureProblems([entry])).toEqual([]);
    expect(fixtureProblems([{...entry, issueDate: '2025-01-02'}])).toHaveLength(1);
    expect(fixtureProblems([{...entry, issueDate: '2025-01-02', laterEvidence: 'still open in 2025'}])).toEqual([]);
    expect(fixtureProblems([{...entry, issue: 'https://example.com/1'}])).toHaveLength(1);
    expect(fixtureProblems([{...entry, area: 'billing'}])).toHaveLength(1);
    expect(fixtureProblems([entry, entry])).toHaveLength(1);
  });
});
