import path from 'node:path';
import {describe, expect, it} from 'vitest';
import cli from '../fixtures/lightdash-cli.json';
import {codeBlocks, documentedVariables, listMdx, readPage} from '../support/mdx';
import {RELEASED_DOCS_DIR, RELEASED_PATCH} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const docDirs = [path.join(root, 'docs'), path.join(root, RELEASED_DOCS_DIR)];

interface Command {
  readonly flags: readonly string[];
  /** Declares every option of `dbtOptions` too. */
  readonly dbt?: boolean;
}
const commands = cli.commands as Record<string, Command>;

/** `lightdash …` invocations in code blocks (shell sessions and CI workflow steps alike). */
export function invocations(code: string): string[] {
  return code
    .split('\n')
    .map((line) => line.replace(/^\s*(\$|-\s*run:|run:)\s*/, '').trim())
    .filter((line) => /^lightdash(\s|$)/.test(line))
    .map((line) =>
      line
        .replace(/\s+#.*$/, '')
        .replace(/\\$/, '')
        .trim(),
    );
}

/** The flags of one invocation that the released CLI does not declare for its command (see the fixture). */
export function unknownFlags(invocation: string): string[] {
  const words = invocation.split(/\s+/).slice(1);
  const name = [words.slice(0, 2).join(' '), words[0]].find((n) => n in commands);
  if (!name && words.length && !words[0].startsWith('-')) return [`unknown command "${words[0]}"`];
  // Each command declares its own --verbose; the bare `lightdash` has only commander's --version and --help.
  const allowed = new Set<string>(name ? cli.everyCommand : cli.program);
  if (name) {
    const command = commands[name];
    for (const f of command.flags) allowed.add(f);
    if (command.dbt) for (const f of cli.dbtOptions) allowed.add(f);
  }
  return words.map((w) => w.split('=')[0]).filter((w) => /^--?[a-zA-Z]/.test(w) && !allowed.has(w));
}

describe(`CLI examples use only commands and flags of the ${RELEASED_PATCH} CLI`, () => {
  it.each([
    ['lightdash deploy --create "My project" --target prod', []],
    ['lightdash validate --preview --only charts dashboards', []],
    ['lightdash deploy --frobnicate', ['--frobnicate']],
    ['lightdash teleport', ['unknown command "teleport"']],
    ['lightdash --version', []],
    ['lightdash deploy -m orders --verbose', []],
    ['lightdash dbt run -s orders --full-refresh --assume-yes', []],
    // Flags of later CLI versions, which the released CLI rejects as `unknown option`.
    ['lightdash compile --skip-dbt-compile --defer', ['--skip-dbt-compile', '--defer']],
    ['lightdash login https://app.lightdash.cloud --email me@example.com', ['--email']],
    ['lightdash deploy --non-interactive', ['--non-interactive']],
    // `dbt run` declares only some dbt options, and hands -y and --exclude-meta on to dbt, which rejects them.
    ['lightdash dbt run --vars "{}" --exclude orders', ['--vars', '--exclude']],
    ['lightdash dbt run -s orders -y --exclude-meta', ['-y', '--exclude-meta']],
    ['lightdash generate -s orders --full-refresh', ['--full-refresh']],
    ['lightdash --verbose', ['--verbose']],
  ])('checker: %s', (line, expected) => {
    expect(unknownFlags(line)).toEqual(expected);
  });

  const files = docDirs.flatMap((d) => listMdx(d));
  it.each(files.map((f) => [path.relative(root, f)]))('%s', (rel) => {
    const bad = codeBlocks(readPage(path.join(root, rel)).body)
      .flatMap((b) => invocations(b.code))
      .flatMap((line) => unknownFlags(line).map((flag) => `${flag} in: ${line}`));
    expect(bad).toEqual([]);
  });
});

const selfHost = (dir: string) => listMdx(path.join(dir, 'self-host'));
const ENV_NAME = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** Upper-case names on self-host pages that are not Lightdash server variables. */
const NOT_SERVER_VARIABLES = new Set([
  // The CLI's variables, named where self-host pages point readers at the CLI.
  'LIGHTDASH_API_KEY',
  'LIGHTDASH_URL',
  'LIGHTDASH_PROJECT',
  'LIGHTDASH_PROXY_AUTHORIZATION',
  // The shell variable the login examples read a personal access token into (never typed on the command line).
  'LIGHTDASH_PAT',
]);

function envNames(file: string): Set<string> {
  const page = readPage(file);
  const names = new Set<string>();
  const inline = [...page.body.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  const blocks = codeBlocks(page.body)
    .filter((b) => ['bash', 'sh', 'shell', 'env', 'dotenv', 'yaml', 'yml', 'ini', 'text'].includes(b.lang))
    .map((b) => b.code);
  for (const text of [...inline, ...blocks]) for (const m of text.matchAll(ENV_NAME)) names.add(m[0]);
  return names;
}

/** First word of a variable name (`EMAIL` of `EMAIL_SMTP_HOST`): the area it belongs to. */
const areaOf = (name: string) => name.split('_')[0];

/**
 * Upper-case names on pages outside self-host/ that share an area with server variables but are not server
 * variables: the CLI's own, CI and dbt variables, and shell variables of example commands.
 */
const NOT_SERVER_VARIABLES_ELSEWHERE = new Set([
  ...NOT_SERVER_VARIABLES,
  'LIGHTDASH_CLI_VERSION',
  'LIGHTDASH_CI',
  'LIGHTDASH_PAT',
  'LIGHTDASH_EMBED_SECRET',
  'DBT_PROFILES',
  'DBT_SCHEMA',
  'DBT_PASSWORD',
  'DBT_CLOUD_SERVICE_TOKEN',
  // dbt's own variable for the folder of profiles.yml, which the CLI reads too, and a target variable of an example
  // profiles.yml (the CLI reference's target-not-found troubleshooting entry).
  'DBT_PROFILES_DIR',
  'DBT_TARGET',
  // dbt's own naming for a git token read by packages.yml (the private-packages troubleshooting entry).
  'DBT_ENV_SECRET_GIT_CREDENTIAL',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_CREDENTIALS',
  'GITHUB_ACTOR',
  'GITHUB_STEP_SUMMARY',
  'SCHEDULER_UUID',
]);

/**
 * Server variables of later releases that a page of the released version may name in prose, to say that it does
 * not read them (the first release that does is given; never a table row, see NOT_IN_VERSION). The frame-ancestors
 * list came with lightdash/lightdash#13836 (2025-02-27), first in 0.1520.0.
 */
const LATER_VARIABLES: Record<string, Readonly<Record<string, string>>> = {
  [RELEASED_DOCS_DIR]: {LIGHTDASH_IFRAME_EMBEDDING_DOMAINS: '0.1520.0'},
};

/**
 * Server variables that the released version does not read, so no page of that version may document them.
 * POSTHOG_API_HOST was split into POSTHOG_FE_API_HOST and POSTHOG_BE_API_HOST in October 2024 (lightdash/lightdash#11943).
 * RUDDERSTACK_ANALYTICS_DISABLED is read by later releases only: the released one turns RudderStack off with an empty
 * RUDDERSTACK_WRITE_KEY (lightdash/lightdash@0b7563df, parseConfig.ts and App.ts).
 */
const NOT_IN_VERSION: Record<string, readonly string[]> = {
  [RELEASED_DOCS_DIR]: [
    'POSTHOG_API_HOST',
    'RUDDERSTACK_ANALYTICS_DISABLED',
    ...Object.keys(LATER_VARIABLES[RELEASED_DOCS_DIR] ?? {}),
  ],
  docs: ['POSTHOG_API_HOST'],
};

describe('environment variable checker', () => {
  it('reads documented variables from table rows only', () => {
    const body = '| `SITE_URL` | — | x |\n| `PORT` | 8080 | y |\nProse naming `OLD_NAME` documents nothing.';
    expect([...documentedVariables(body)]).toEqual(['SITE_URL', 'PORT']);
  });
});

describe.each(docDirs.map((d) => [path.relative(root, d)]))('environment variables in %s', (rel) => {
  const dir = path.join(root, rel);
  const envPage = path.join(dir, 'self-host/customize-deployment/environment-variables.mdx');
  const reference = documentedVariables(readPage(envPage).body);
  const areas = new Set([...reference].map(areaOf));

  it.each(selfHost(dir).map((f) => [path.relative(dir, f)]))(
    '%s names only variables of the reference page',
    (page) => {
      const later = LATER_VARIABLES[rel] ?? {};
      const missing = [...envNames(path.join(dir, page))].filter(
        (n) => !reference.has(n) && !NOT_SERVER_VARIABLES.has(n) && !(n in later),
      );
      expect(missing).toEqual([]);
    },
  );

  const setupPages: [string, RegExp][] = [
    ['configure-smtp-for-lightdash-email-notifications.mdx', /^EMAIL_SMTP_/],
    ['configure-lightdash-to-use-external-object-storage.mdx', /^S3_/],
    ['configure-logging-for-lightdash.mdx', /^LIGHTDASH_LOG_/],
    ['configure-a-slack-app-for-lightdash.mdx', /^SLACK_(CLIENT_ID|CLIENT_SECRET|SIGNING_SECRET|STATE_SECRET)$/],
    ['enable-headless-browser-for-lightdash.mdx', /^HEADLESS_BROWSER_/],
    ['use-sso-login-for-self-hosted-lightdash.mdx', /^AUTH_(GOOGLE|OKTA|ONE_LOGIN|AZURE_AD|OIDC)_/],
  ];
  it.each(setupPages)('%s shows every variable of its area that the reference lists', (page, area) => {
    const onPage = envNames(path.join(dir, 'self-host/customize-deployment', page));
    const missing = [...reference].filter((n) => area.test(n) && !onPage.has(n));
    expect(missing).toEqual([]);
  });

  const elsewhere = listMdx(dir).filter((f) => !f.startsWith(path.join(dir, 'self-host') + path.sep));
  it.each(elsewhere.map((f) => [path.relative(dir, f)]))(
    '%s names only server variables of the reference page',
    (page) => {
      const later = LATER_VARIABLES[rel] ?? {};
      const missing = [...envNames(path.join(dir, page))].filter(
        (n) => areas.has(areaOf(n)) && !reference.has(n) && !NOT_SERVER_VARIABLES_ELSEWHERE.has(n) && !(n in later),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(Object.entries(LATER_VARIABLES[rel] ?? {}))(
    'names the later variable %s only beside the release that added it (%s)',
    (name, version) => {
      const sentences = listMdx(dir)
        .flatMap((f) => readPage(f).body.split(/(?<=\.)\s+/))
        .filter((sentence) => sentence.includes(`\`${name}\``));
      for (const sentence of sentences) expect(sentence).toContain(version);
    },
  );

  it('documents no variable this version does not read', () => {
    expect((NOT_IN_VERSION[rel] ?? []).filter((n) => reference.has(n))).toEqual([]);
  });
});
