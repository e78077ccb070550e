import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {codeBlocks, listMdx} from '../support/mdx';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

// Issue 51: a token typed on a command line lands in the shell's history, which the pages advise against. Every
// example of `--token` reads the token from a variable (the CLI reference's `--token "$LIGHTDASH_PAT"`); only prose
// and tables that describe the option may show a `<placeholder>`, never a value.

const root = path.resolve(__dirname, '../..');
const docDirs = ['docs', RELEASED_DOCS_DIR];

/** A shell variable, quoted or not: `"$LIGHTDASH_PAT"`, `$LIGHTDASH_PAT`, `"${LIGHTDASH_PAT}"`. */
const VARIABLE = /^"?\$(\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)"?$/;
/** A placeholder that names what goes there, as a table of options writes it: `<token>`. */
const PLACEHOLDER = /^<[\w -]+>$/;

/** The value given to each `--token` (or `--token=`) in `text`; an option without a value gives ''. */
export function tokenValues(text: string): string[] {
  return [...text.matchAll(/--token(?:=|[ \t]+)?([^\s`|)]*)/g)].map((m) => m[1]);
}

/**
 * The CLI's secret variables (its config.ts reads them from the environment): a value typed after `NAME=` on a shell
 * line lands in the history just as `--token <value>` does. CI files that map them from a secret store
 * (`${{ secrets.X }}`) and values built from another variable (`"Bearer $PROXY_TOKEN"`) are not literal.
 */
const SECRET_ASSIGNMENT = /\b(?:export\s+)?(LIGHTDASH_API_KEY|LIGHTDASH_PROXY_AUTHORIZATION)=("[^"]*"|'[^']*'|\S+)/g;

/** The secret variables given a literal value in a shell code block (`NAME=value`). */
export function literalSecretAssignments(code: string): string[] {
  return [...code.matchAll(SECRET_ASSIGNMENT)]
    .filter(([, , value]) => !value.includes('$'))
    .map(([, name, value]) => `${name}=${value}`);
}

/** What is wrong with the `--token` values and secret variables of a page (empty when each reads a variable). */
export function literalTokens(body: string): string[] {
  const problems: string[] = [];
  const blocks = codeBlocks(body);
  for (const block of blocks) {
    for (const value of tokenValues(block.code)) {
      if (!VARIABLE.test(value)) problems.push(`code block: --token ${value || '(no value)'}`);
    }
    for (const assignment of literalSecretAssignments(block.code)) problems.push(`code block: ${assignment}`);
  }
  // Prose and tables: the code blocks cut out. A bare `--token` names the option; a value must be a placeholder.
  let prose = body;
  for (const block of blocks) prose = prose.replace(block.code, ' ');
  for (const value of tokenValues(prose)) {
    if (value && !VARIABLE.test(value) && !PLACEHOLDER.test(value)) problems.push(`text: --token ${value}`);
  }
  return problems;
}

describe('the --token checker', () => {
  it.each([
    ['```bash\nlightdash login https://x --token "$LIGHTDASH_PAT"\n```', []],
    ['```bash\nlightdash login https://x --token=$LIGHTDASH_PAT\n```', []],
    ['| `--token <token>` | Log in with a token |', []],
    ['Without `--token`, the CLI asks for a password.', []],
    [
      '```bash\nlightdash login https://x --token 7f3c1e9a2b8d4c6e0f5a1b2c3d4e5f6a\n```',
      ['code block: --token 7f3c1e9a2b8d4c6e0f5a1b2c3d4e5f6a'],
    ],
    [
      '```bash\nlightdash login https://x --token <personal-access-token>\n```',
      ['code block: --token <personal-access-token>'],
    ],
    ['Run `lightdash login https://x --token ldpat_abc123`.', ['text: --token ldpat_abc123']],
    [
      '```bash\nLIGHTDASH_API_KEY="7f3c1e9a2b8d4c6e" \\\nlightdash deploy\n```',
      ['code block: LIGHTDASH_API_KEY="7f3c1e9a2b8d4c6e"'],
    ],
    ['```bash\nexport LIGHTDASH_PROXY_AUTHORIZATION=abc\n```', ['code block: LIGHTDASH_PROXY_AUTHORIZATION=abc']],
    ['```bash\nexport LIGHTDASH_PROXY_AUTHORIZATION="Bearer $PROXY_TOKEN"\n```', []],
    ['```yaml\nenv:\n  LIGHTDASH_API_KEY: ${{ secrets.LIGHTDASH_API_KEY }}\n```', []],
  ])('%j', (body, expected) => {
    expect(literalTokens(body)).toEqual(expected);
  });
});

describe.each(docDirs)('no literal token after --token in %s', (dir) => {
  const base = path.join(root, dir);
  it.each(listMdx(base).map((f) => [path.relative(base, f)]))('%s', (page) => {
    // The page as written (partials are pages of their own here), so a failure names the file to fix.
    expect(literalTokens(fs.readFileSync(path.join(base, page), 'utf8'))).toEqual([]);
  });
});
