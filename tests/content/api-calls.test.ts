import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {loadContract} from '../contract/contract';
import {codeBlocks, listMdx, readPage} from './mdx';

const root = path.resolve(__dirname, '../..');

interface Call {
  readonly method: string;
  readonly path: string;
}

/** API calls written in code blocks: `curl [-X M] …/api/v1/…` and `fetch(…/api/v1/…, {method})`, or `METHOD /api/v1/…`. */
export function callsIn(code: string): Call[] {
  const calls: Call[] = [];
  const text = code.replace(/\\\n\s*/g, ' ');
  for (const line of text.split('\n')) {
    const url = /(\/api\/v1\/[^\s"'`?)\\]*)/.exec(line)?.[1];
    if (!url) continue;
    const explicit =
      /(?:-X|--request)\s+['"]?([A-Z]+)/.exec(line)?.[1] ??
      /^\s*(GET|POST|PUT|PATCH|DELETE)\s+\S*\/api\/v1\//.exec(line)?.[1];
    const hasBody = /\s(-d|--data(?:-raw)?|--json)\s/.test(line);
    if (/\bcurl\b/.test(line) || explicit) calls.push({method: explicit ?? (hasBody ? 'POST' : 'GET'), path: url});
  }
  return calls;
}

let matchers: {method: string; re: RegExp; path: string}[] = [];
beforeAll(() => {
  const doc = loadContract();
  matchers = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.keys(item as object).map((method) => ({
      method: method.toUpperCase(),
      path: p,
      re: new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
    })),
  );
});

const matches = (call: Call) =>
  matchers.some((m) => m.method === call.method && m.re.test(call.path.replace(/\$\{?\w+\}?|<[^>]+>|\{[^}]+\}/g, 'x')));

describe('API calls shown in the docs exist in the contract (method and path)', () => {
  it.each([
    [
      'curl "$LIGHTDASH_URL/api/v1/org/projects" -H "Authorization: ApiKey $K"',
      [{method: 'GET', path: '/api/v1/org/projects'}],
    ],
    [
      'curl -X PATCH "$URL/api/v1/user/me/personal-access-tokens/$ID/rotate" -d \'{}\'',
      [{method: 'PATCH', path: '/api/v1/user/me/personal-access-tokens/$ID/rotate'}],
    ],
  ])('parser: %s', (code, expected) => {
    expect(callsIn(code)).toEqual(expected);
  });

  const files = [...listMdx(path.join(root, 'docs')), ...listMdx(path.join(root, 'versioned_docs/version-0.1410'))];
  it.each(files.map((f) => [path.relative(root, f)]))('%s', (rel) => {
    const unknown = codeBlocks(readPage(path.join(root, rel)).body)
      .flatMap((b) => callsIn(b.code))
      .filter((c) => !matches(c))
      .map((c) => `${c.method} ${c.path}`);
    expect(unknown).toEqual([]);
  });
});
