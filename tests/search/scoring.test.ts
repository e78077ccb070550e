// The scoring rules of the relevance test, checked with made-up results (no build needed).
import {describe, expect, it} from 'vitest';
import type {Hit} from './pluginSearch';
import {
  isOperationPage,
  missTable,
  parseQuestions,
  rankOf,
  report,
  score,
  sectionOf,
  thinKinds,
  thinSections,
  withoutApiWord,
  type Question,
} from './relevance';

const hit = (url: string, text = ''): Hit => ({path: url.split('#')[0], url, text});

describe('rankOf', () => {
  const hits = [hit('/guides/pinning#pin'), hit('/references/spaces'), hit('/api/v1/#pagination')];

  it('counts a heading or paragraph of the page when no anchor is asked for', () => {
    expect(rankOf('/guides/pinning', hits)).toBe(1);
    expect(rankOf('/references/spaces', hits)).toBe(2);
  });

  it('needs the exact section when the expected page names an anchor', () => {
    expect(rankOf('/api/v1/#pagination', hits)).toBe(3);
    expect(rankOf('/api/v1/#errors', hits)).toBeNull();
    expect(rankOf('/guides/pinning#order', hits)).toBeNull();
  });

  it('ignores a trailing slash but not a different page', () => {
    expect(rankOf('/api/v1', hits)).toBe(3);
    expect(rankOf('/guides', hits)).toBeNull();
    expect(rankOf('/references/spaces-and-roles', hits)).toBeNull();
  });
});

describe('score', () => {
  const questions: Question[] = [
    {q: 'first', page: '/a'},
    {q: 'third', page: '/b'},
    {q: 'sixth', page: '/c'},
    {q: 'absent', page: '/d'},
  ];
  const results: Record<string, Hit[]> = {
    first: [hit('/a')],
    third: [hit('/x'), hit('/y'), hit('/b#h')],
    sixth: ['/1', '/2', '/3', '/4', '/5', '/c'].map((u) => hit(u)),
    absent: [],
  };

  it('computes top-1 and top-5 rates over all questions', async () => {
    const summary = await score(questions, async (q) => results[q]);
    expect(summary.outcomes.map((o) => o.rank)).toEqual([1, 3, 6, null]);
    expect(summary.top1).toBe(0.25);
    expect(summary.top5).toBe(0.5);
  });

  it('lists every question that did not come first, with what came first', async () => {
    const table = missTable((await score(questions, async (q) => results[q])).outcomes);
    expect(table).not.toMatch(/^first /m);
    expect(table).toMatch(/^third\s+→\s+\/b\s+\(rank 3\); first: \/x$/m);
    expect(table).toMatch(/^absent\s+→\s+\/d\s+\(not in results\); first: \(no results\)$/m);
    expect(report(await score(questions, async (q) => results[q]))).toMatch(
      /^4 questions: top-1 25\.0 %, top-5 50\.0 %/,
    );
  });
});

describe('parseQuestions', () => {
  it('reads a valid set', () => {
    expect(parseQuestions('questions:\n  - q: rotate token\n    page: /references/personal_tokens\n')).toEqual([
      {q: 'rotate token', page: '/references/personal_tokens'},
    ]);
  });

  it.each([
    ['broken YAML', 'questions: [', /not valid YAML/],
    ['no list', 'hello: 1', /needs a top-level `questions:` list/],
    ['missing q', 'questions:\n  - page: /a', /entry 1: `q` is missing/],
    ['relative page', 'questions:\n  - q: x\n    page: guides/a', /entry 1 \("x"\): `page` must be a route/],
    ['long question', 'questions:\n  - q: how do I rotate my personal access token\n    page: /a', /8 words/],
    ['duplicate', 'questions:\n  - q: A b\n    page: /a\n  - q: a B\n    page: /b', /entry 2 \("a B"\): asked twice/],
  ])('rejects %s with a message naming the entry', (_name, text, message) => {
    expect(() => parseQuestions(text)).toThrow(message);
  });
});

describe('sections', () => {
  it('maps routes to docs sections', () => {
    expect(sectionOf('/api/v1/spaces/create-space-in-project')).toBe('api/v1');
    expect(sectionOf('/self-host/update-lightdash#helm')).toBe('self-host');
    expect(sectionOf('/')).toBe('(home)');
  });

  it('reports sections with too few questions', () => {
    const onlyGuides = Array.from({length: 10}, (_, i) => ({q: `g${i}`, page: '/guides/x'}));
    expect(thinSections(onlyGuides)).toEqual([
      'get-started: 0 question(s), needs 10',
      'references: 0 question(s), needs 10',
      'self-host: 0 question(s), needs 10',
      'api/v1: 0 question(s), needs 10',
    ]);
    expect(thinSections(onlyGuides.slice(1))).toContain('guides: 9 question(s), needs 10');
  });
});

describe('question kinds', () => {
  it('reports kinds with too few questions', () => {
    const tasks = Array.from({length: 20}, (_, i) => ({q: `t${i}`, page: '/guides/x', kind: 'task' as const}));
    expect(thinKinds(tasks)).toEqual(['api: 0 question(s), needs 15']);
    expect(thinKinds(tasks.slice(1))).toContain('task: 19 question(s), needs 20');
  });

  it('refuses an unknown kind, an API question pointing at a guide and a task pointing at the API', () => {
    const yaml = [
      'questions:',
      '  - {q: a, page: /guides/x, kind: howto}',
      '  - {q: b, page: /guides/x, kind: api}',
      '  - {q: c, page: /api/v1/spaces/createSpace, kind: task}',
      '  - {q: d, page: /api/v1/spaces/createSpace, kind: api}',
    ].join('\n');
    expect(() => parseQuestions(yaml)).toThrow(
      /entry 1.*`kind` must be one of task, api[\s\S]*entry 2.*API Reference page[\s\S]*entry 3.*not the API Reference/,
    );
    expect(() => parseQuestions('questions:\n  - {q: d, page: /api/v1/spaces/createSpace, kind: api}')).not.toThrow();
  });
});

describe('API Reference context', () => {
  it('tells operation pages from the overview, tag and schema pages', () => {
    expect(isOperationPage('/api/v1/spaces/create-space-in-project')).toBe(true);
    expect(isOperationPage('/api/v1/#pagination')).toBe(false);
    expect(isOperationPage('/api/v1/spaces')).toBe(false);
    expect(isOperationPage('/api/v1/schemas/Space')).toBe(false);
    expect(isOperationPage('/references/spaces/api')).toBe(false);
  });

  it('drops only the standalone word "api" from a question', () => {
    expect(withoutApiWord('create space API')).toBe('create space');
    expect(withoutApiWord('api pagination')).toBe('pagination');
    expect(withoutApiWord('rapid apis')).toBe('rapid apis');
  });
});
