import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {headings} from '../support/mdx';
import {RELEASED_DOCS_DIR, RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

// Real questions that no released page answered (issue 51): tests/fixtures/unanswered-questions.yaml names the section
// that answers each one and the terms the answer cannot do without. This test holds both docs versions to it, so an
// answer cannot lose its heading, move to another section or be cut down to a sentence that no longer answers.
const root = path.resolve(__dirname, '../..');
const versions = [
  {name: 'Next', dir: path.join(root, 'docs')},
  {name: RELEASED_VERSION, dir: path.join(root, RELEASED_DOCS_DIR)},
];
const QUESTIONS = 23;
const SOURCE_URL = /^https:\/\/github\.com\/lightdash\/(lightdash|helm-charts)\/(issues|pull)\/\d+$/;
const RELEASE = /^\d+\.\d+\.\d+$/;

/** A section that answers a question: the page, its heading id and the terms the answer cannot do without. */
export interface Answer {
  readonly page: string;
  readonly section: string;
  readonly terms: readonly string[];
  /** The first release with a feature that the released version lacks; the section must name it. */
  readonly since?: string;
}

export interface Question extends Answer {
  readonly n: number;
  readonly query: string;
  readonly source: string;
  /** Other sections that answer it too, such as the page a search for the question lands on. */
  readonly also?: readonly Answer[];
}

/** The text of the section `{#id}`: its heading down to the next heading of the same or a higher level. */
export function sectionText(source: string, id: string): string | undefined {
  const heading = headings(source).find((h) => h.id === id);
  return heading && source.slice(heading.start, heading.end);
}

/** What is wrong with one question's answer on one page's source (empty when the section still answers it). */
export function answerProblems(source: string, question: Answer): string[] {
  const text = sectionText(source, question.section);
  if (text === undefined) return [`no heading {#${question.section}}`];
  // Prose wraps at any space, so a term may span lines in the source.
  const flat = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
  const words = flat(text);
  const problems = question.terms
    .filter((term) => !words.includes(flat(term)))
    .map((term) => `{#${question.section}} no longer says "${term}"`);
  if (question.since && !text.includes(question.since)) {
    problems.push(
      `{#${question.section}} does not name ${question.since}, the release that added what ${RELEASED_VERSION} lacks`,
    );
  }
  return problems;
}

/** What is wrong with the fixture itself, whatever the pages say. */
export function fixtureProblems(questions: readonly Question[]): string[] {
  const problems: string[] = [];
  const numbers = questions.map((q) => q.n).sort((a, b) => a - b);
  const expected = Array.from({length: QUESTIONS}, (_, i) => i + 1);
  if (numbers.join() !== expected.join()) problems.push(`questions are numbered ${numbers.join()}, not 1–${QUESTIONS}`);
  for (const q of questions) {
    const at = `question ${q.n}`;
    for (const key of ['query', 'source', 'page', 'section'] as const) {
      if (typeof q[key] !== 'string' || q[key].trim() === '') problems.push(`${at}: no ${key}`);
    }
    if (!SOURCE_URL.test(q.source)) problems.push(`${at}: ${q.source} is not a Lightdash issue or pull request`);
    if (!/\.mdx?$/.test(q.page)) problems.push(`${at}: page ${q.page} is not a docs file`);
    if (!Array.isArray(q.terms) || q.terms.length < 3) problems.push(`${at}: fewer than 3 terms`);
    if (q.since !== undefined && !RELEASE.test(q.since)) problems.push(`${at}: since "${q.since}" is not a release`);
    for (const a of q.also ?? []) {
      if (!/\.mdx?$/.test(a.page) || !a.section || !a.terms?.length) problems.push(`${at}: incomplete also entry`);
    }
  }
  return problems;
}

const questions = parseYaml(
  fs.readFileSync(path.join(root, 'tests/fixtures/unanswered-questions.yaml'), 'utf8'),
) as Question[];

describe('unanswered-questions fixture', () => {
  it(`lists the ${QUESTIONS} questions, each with a source, a section and the terms of its answer`, () => {
    const problems = fixtureProblems(questions);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe.each(versions)('answers in docs version $name', ({dir}) => {
  const answers = questions.flatMap((q) =>
    [q, ...(q.also ?? [])].map((a) => [`${q.n}. ${q.query} → ${a.page}#${a.section}`, a] as const),
  );
  it.each(answers)('%s', (_, answer) => {
    const file = path.join(dir, answer.page);
    expect(fs.existsSync(file), `${answer.page} is missing`).toBe(true);
    const problems = answerProblems(fs.readFileSync(file, 'utf8'), answer);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('unanswered-questions checkers', () => {
  const page = [
    'Intro.',
    '',
    '## Timeouts {#timeouts}',
    '',
    `Only BigQuery has a timeout in ${RELEASED_VERSION}; later releases (0.1426.2) add one for`,
    'PostgreSQL.',
    '',
    '```md',
    '## Not a heading {#fake}',
    '```',
    '',
    '### Redshift {#redshift}',
    '',
    'Use `statement_timeout`.',
    '',
    '## Next steps {#next-steps}',
    '',
    'Unrelated: WLM.',
  ].join('\n');
  const question: Question = {
    n: 7,
    query: 'query timeout',
    source: 'https://github.com/lightdash/lightdash/issues/12965',
    page: 'a.mdx',
    section: 'timeouts',
    terms: ['BigQuery', 'STATEMENT_TIMEOUT', 'one for PostgreSQL'],
    since: '0.1426.2',
  };

  it('accepts a section that holds every term, its subsections included, across line breaks, case aside', () => {
    expect(answerProblems(page, question)).toEqual([]);
  });

  it('rejects a missing heading, a term only outside the section, and a missing release', () => {
    expect(answerProblems(page, {...question, section: 'gone'})).toEqual(['no heading {#gone}']);
    expect(answerProblems(page, {...question, section: 'fake'})).toEqual(['no heading {#fake}']);
    expect(answerProblems(page, {...question, terms: ['WLM']})).toEqual(['{#timeouts} no longer says "WLM"']);
    expect(answerProblems(page, {...question, since: '0.1428.0'})).toHaveLength(1);
  });

  it('rejects a bad fixture', () => {
    const all = Array.from({length: QUESTIONS}, (_, i) => ({...question, n: i + 1, terms: ['a', 'b', 'c']}));
    expect(fixtureProblems(all)).toEqual([]);
    expect(fixtureProblems(all.slice(1))).toHaveLength(1);
    expect(fixtureProblems([...all.slice(1), {...all[0], source: 'https://example.com/1'}])).toHaveLength(1);
    expect(fixtureProblems([...all.slice(1), {...all[0], terms: ['a']}])).toHaveLength(1);
    expect(fixtureProblems([...all.slice(1), {...all[0], since: 'soon'}])).toHaveLength(1);
    expect(
      fixtureProblems([...all.slice(1), {...all[0], also: [{page: 'b.mdx', section: '', terms: []}]}]),
    ).toHaveLength(1);
  });
});
