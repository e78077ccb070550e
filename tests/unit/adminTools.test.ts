/**
 * The two admin tools' data against the released Lightdash's own code (src/lib/adminTools/sourceExtract.json, generated from
 * lightdash/lightdash@0b7563df and lightdash/helm-charts@2713c2a by scripts/admin-tools/extract-sources.mjs; its
 * `--check` mode compares the committed extract with those clones) and their output against the formats that read it:
 * dotenv, the Compose Specification's JSON schema, the chart's values.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import {parse as parseDotenv} from 'dotenv';
import {parse as parseYaml} from 'yaml';
import {describe, expect, it} from 'vitest';
import extract from '../../src/lib/adminTools/sourceExtract.json';
import {
  buildConfig,
  choiceFromSearch,
  choiceToSearch,
  ChoiceError,
  CORE,
  NEEDS,
  PLACEHOLDER,
  type BuiltConfig,
} from '../../src/lib/adminTools/selfHostConfig';
import {
  checkPermission,
  parseQuestion,
  PERMISSIONS,
  ROLES_PAGE_TABLES,
  rowsFor,
  SCOPE_LABELS,
  scopeOf,
  SUBJECTS,
} from '../../src/lib/adminTools/permissions';
import type {RolesTableData} from '../../src/lib/adminTools/rolesTables';
import {abilityRules, envNamesOfParseConfig} from '../../scripts/admin-tools/extract-sources.mjs';
import {documentedVariables, readPage} from '../support/mdx';
import {RELEASED_DOCS_DIR, RELEASED_PATCH, RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const DOCS = 'https://docs.lightdash.com/';
const build = (deployment: string, needs: string[]) =>
  buildConfig(deployment, needs, {docsBase: DOCS, composeBase: extract.compose});
const file = (config: BuiltConfig, name: string) => {
  const found = config.files.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in ${config.files.map((f) => f.name).join(', ')}`);
  return found.text;
};

/** The PostgreSQL client's own variables, read by node-postgres under Lightdash (libpq names). */
const LIBPQ = ['PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE'];
const READ_BY_0_1410 = new Set([...extract.env.parseConfig, ...Object.keys(extract.env.elsewhere), ...LIBPQ]);

/** Every choice: each deployment with no need, each need alone, and every need that can go together. */
const allTogether = NEEDS.filter((n) => !n.group || n.id === 's3').map((n) => n.id);
const CHOICES: [string, string[]][] = ['compose', 'helm', 'container'].flatMap((d) => [
  [d, []] as [string, string[]],
  ...NEEDS.map((n) => [d, [n.id]] as [string, string[]]),
  [d, allTogether] as [string, string[]],
]);

describe('the extract reader', () => {
  it('reads env names from process.env and the helpers of parseConfig', () => {
    const text = `a: process.env.SITE_URL,\n b: getIntegerFromEnvironmentVariable('PGMAXCONNECTIONS'),\n c: 'not env'`;
    expect(envNamesOfParseConfig(text)).toEqual(['PGMAXCONNECTIONS', 'SITE_URL']);
  });
  it('reads each can() rule under the role function that holds it', () => {
    const text = [
      'const x = {',
      '    viewer(member, { can }) {',
      "        can('view', 'Space', {",
      '            isPrivate: false,',
      '        });',
      '    },',
      '    editor(member, { can }) {',
      "        can('manage', 'Job');",
      '    },',
      '};',
    ].join('\n');
    expect(abilityRules(text, 'f.ts')).toEqual([
      {file: 'f.ts', line: 3, role: 'viewer', action: 'view', subject: 'Space', conditions: '{ isPrivate: false }'},
      {file: 'f.ts', line: 8, role: 'editor', action: 'manage', subject: 'Job', conditions: ''},
    ]);
  });
  it('is the release commit, with the abilities of both files', () => {
    expect(extract.sources.lightdash.commit).toBe('0b7563df');
    expect(extract.sources.helm.commit).toBe('2713c2a');
    expect(new Set(extract.abilities.map((a) => a.file)).size).toBe(2);
    expect(extract.env.parseConfig).toContain('LIGHTDASH_SECRET');
  });
});

describe('configuration builder data', () => {
  const envPages = ['docs', RELEASED_DOCS_DIR].map((dir) => ({
    dir,
    documented: documentedVariables(
      readPage(path.join(root, dir, 'self-host/customize-deployment/environment-variables.mdx')).body,
    ),
  }));
  const written = [...CORE, ...NEEDS.flatMap((n) => n.variables)];

  it.each(written.map((v) => [v.name]))(`%s is read by ${RELEASED_VERSION}`, (name) => {
    expect(READ_BY_0_1410.has(name), `${name} is not read by lightdash@0b7563df`).toBe(true);
  });
  it.each(envPages.map((p) => [p.dir, p]))('%s: every written variable has a row on the env-vars page', (_, page) => {
    expect(written.map((v) => v.name).filter((n) => !page.documented.has(n))).toEqual([]);
  });
  it(`fails a variable ${RELEASED_VERSION} does not read (the check can fail)`, () => {
    expect(READ_BY_0_1410.has('S3_FORCE_PATH_STYLE')).toBe(false);
    expect(READ_BY_0_1410.has('LIGHTDASH_LICENSE_KEY')).toBe(false);
  });
  it('maps Helm variables to keys of the chart at 2713c2a, and never writes one the chart template sets', () => {
    const keys = new Set(extract.helm.keyPaths);
    for (const v of written) if (v.helm && v.helm !== 'chart') expect(keys.has(v.helm), v.helm).toBe(true);
    for (const n of NEEDS) for (const key of Object.keys(n.helmValues ?? {})) expect(keys.has(key), key).toBe(true);
    const chartSets = new Set(extract.helm.templateVariables);
    for (const v of written) if (chartSets.has(v.name)) expect(v.helm, v.name).toBeDefined();
  });
});

/** Required companions: when the first variable of a group is written, all the others are. */
const COMPANIONS: string[][] = [
  ['PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE'],
  ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION'],
  ['S3_ACCESS_KEY', 'S3_SECRET_KEY'],
  ['EMAIL_SMTP_HOST', 'EMAIL_SMTP_USER', 'EMAIL_SMTP_PASSWORD', 'EMAIL_SMTP_SENDER_EMAIL'],
  ['AUTH_GOOGLE_OAUTH2_CLIENT_ID', 'AUTH_GOOGLE_OAUTH2_CLIENT_SECRET', 'AUTH_GOOGLE_ENABLED'],
  ['AUTH_OKTA_OAUTH_CLIENT_ID', 'AUTH_OKTA_OAUTH_CLIENT_SECRET', 'AUTH_OKTA_OAUTH_ISSUER', 'AUTH_OKTA_DOMAIN'],
  ['AUTH_AZURE_AD_OAUTH_CLIENT_ID', 'AUTH_AZURE_AD_OAUTH_CLIENT_SECRET', 'AUTH_AZURE_AD_OAUTH_TENANT_ID'],
  ['AUTH_ONE_LOGIN_OAUTH_CLIENT_ID', 'AUTH_ONE_LOGIN_OAUTH_CLIENT_SECRET', 'AUTH_ONE_LOGIN_OAUTH_ISSUER'],
  ['AUTH_OIDC_CLIENT_ID', 'AUTH_OIDC_CLIENT_SECRET', 'AUTH_OIDC_METADATA_DOCUMENT_URL'],
  ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'],
  ['HEADLESS_BROWSER_HOST', 'HEADLESS_BROWSER_PORT'],
];

const missingCompanions = (names: Set<string>) =>
  COMPANIONS.flatMap((group) =>
    names.has(group[0]) ? group.filter((n) => !names.has(n)).map((n) => `${n} (with ${group[0]})`) : [],
  );

describe('configuration builder output', () => {
  const ajv = new Ajv2019({strict: false, allErrors: true});
  // The schema labels itself and its parts with draft-04's `id` (a string), which Ajv's 2019-09 mode refuses; those
  // labels are never referenced, so they are dropped (the top one kept as `$id`).
  const dropIds = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(dropIds)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
              .map(([k, v]) => [k, dropIds(v)]),
          )
        : node;
  const composeSchema = JSON.parse(
    fs.readFileSync(path.join(root, 'tests/fixtures/compose-spec/compose-spec.json'), 'utf8'),
  );
  const validateCompose = ajv.compile({...(dropIds(composeSchema) as object), $id: composeSchema.id});
  const helmKeys = new Set(extract.helm.keyPaths);

  it.each(CHOICES)('%s %j', (deployment, needs) => {
    const config = build(deployment, needs);
    const names = new Set(config.variables.map((v) => v.name));
    expect(missingCompanions(names)).toEqual([]);
    for (const name of names) expect(READ_BY_0_1410.has(name), name).toBe(true);
    // Secrets are placeholders, never values.
    for (const v of config.variables.filter((x) => x.secret)) expect(v.value).toBe(PLACEHOLDER);

    if (deployment !== 'helm') {
      const env = parseDotenv(file(config, '.env'));
      expect(Object.keys(env).sort()).toEqual([...names].sort());
      for (const v of config.variables) expect(env[v.name]).toBe(v.value);
      // Every variable is commented with a link to its row.
      for (const name of names) expect(file(config, '.env')).toContain(`environment-variables#${name}\n${name}=`);
    }
    if (deployment === 'compose') {
      const override = parseYaml(file(config, 'docker-compose.override.yml'));
      expect(validateCompose(override), JSON.stringify(validateCompose.errors)).toBe(true);
      // A variable the base file does not pass reaches the container through the override.
      const passed = new Set([
        ...extract.compose.lightdashEnvironment,
        ...((override.services.lightdash.environment ?? []) as string[]).map((e) => e.split('=')[0]),
      ]);
      expect([...names].filter((n) => !passed.has(n))).toEqual([]);
    }
    if (deployment === 'helm') {
      const values = parseYaml(file(config, 'values.yaml')) as Record<string, Record<string, unknown>>;
      const paths = (obj: Record<string, unknown>, prefix = ''): string[] =>
        Object.entries(obj).flatMap(([k, v]) => {
          const here = prefix ? `${prefix}.${k}` : k;
          // configMap and secrets are free maps of environment variables.
          if (here === 'configMap' || here === 'secrets') return [here];
          return v && typeof v === 'object' ? [here, ...paths(v as Record<string, unknown>, here)] : [here];
        });
      expect(paths(values).filter((p) => !helmKeys.has(p))).toEqual([]);
      const envInMaps = [...Object.keys(values.configMap ?? {}), ...Object.keys(values.secrets ?? {})];
      for (const name of envInMaps) expect(READ_BY_0_1410.has(name), name).toBe(true);
      // ConfigMap values must be text.
      for (const value of Object.values(values.configMap ?? {})) expect(typeof value).toBe('string');
      const twice = envInMaps.filter((n) => extract.helm.templateVariables.includes(n));
      expect(twice).toEqual([]);
    }
  });

  it('Done-when case: Helm, external Postgres, S3, Google SSO, SMTP', () => {
    const config = build('helm', ['postgres', 's3', 'google', 'smtp']);
    const values = parseYaml(file(config, 'values.yaml'));
    expect(values.postgresql).toEqual({enabled: false});
    expect(values.externalDatabase).toEqual({
      host: 'postgres.example.com',
      port: 5432,
      user: 'lightdash',
      password: PLACEHOLDER,
      database: 'lightdash',
    });
    expect(Object.keys(values.secrets).sort()).toEqual(
      [
        'AUTH_GOOGLE_OAUTH2_CLIENT_SECRET',
        'EMAIL_SMTP_PASSWORD',
        'LIGHTDASH_SECRET',
        'S3_ACCESS_KEY',
        'S3_SECRET_KEY',
      ].sort(),
    );
    expect(values.configMap.AUTH_GOOGLE_ENABLED).toBe('true');
    expect(file(config, 'values.yaml')).toContain('environment-variables#AUTH_GOOGLE_OAUTH2_CLIENT_ID\n');
  });

  it('the companion check fails when one is missing', () => {
    expect(missingCompanions(new Set(['PGHOST', 'PGPORT', 'PGUSER', 'PGDATABASE']))).toEqual([
      'PGPASSWORD (with PGHOST)',
    ]);
  });

  it('the compose schema check fails on a wrong override', () => {
    expect(validateCompose({services: {lightdash: {environment: 5}}})).toBe(false);
  });

  it.each(CHOICES)(
    '%s %j runs the released image and never pairs secure cookies with an http internal host',
    (d, needs) => {
      const config = build(d, needs);
      const values = new Map(config.variables.map((v) => [v.name, v.value]));
      // The released server sets no session cookie on an http request when SECURE_COOKIES is true, so the headless browser's
      // sign-in at INTERNAL_LIGHTDASH_HOST fails (lightdash/lightdash#13723 changed that in 2025).
      if (values.get('SECURE_COOKIES') === 'true' && values.has('INTERNAL_LIGHTDASH_HOST')) {
        expect(values.get('INTERNAL_LIGHTDASH_HOST')).toMatch(/^https:\/\//);
      }
      // The base compose file runs `latest` and chart 1.5.1 defaults to its appVersion 0.1121.0: both pin the patch.
      if (d === 'helm') expect(parseYaml(file(config, 'values.yaml')).image).toEqual({tag: RELEASED_PATCH});
      if (d === 'compose') {
        const override = parseYaml(file(config, 'docker-compose.override.yml'));
        for (const service of Object.values(override.services as Record<string, {image?: string}>)) {
          expect(service.image).toBe(`lightdash/lightdash:${RELEASED_PATCH}`);
        }
      }
    },
  );

  it('refuses unknown input with a message', () => {
    expect(() => build('kubernetes', [])).toThrow(ChoiceError);
    expect(() => build('helm', ['postgres', 'nope'])).toThrow(/Unknown needs: nope/);
    expect(() => build('helm', ['s3', 'gcs'])).toThrow(/one storage provider/);
  });

  it('keeps the choice in the URL without values, and reads it back', () => {
    const config = build('helm', ['smtp', 'postgres', 'worker']);
    const search = choiceToSearch(config.choice);
    expect(search).toBe('?deploy=helm&needs=postgres,smtp,scheduler,worker');
    expect(choiceFromSearch(search)).toEqual(config.choice);
    expect(search).not.toContain(PLACEHOLDER);
    expect(choiceFromSearch('?deploy=evil&needs=<script>,s3,gcs')).toEqual({deployment: 'compose', needs: []});
  });
});

describe('permissions data', () => {
  it('has a row for every action × subject of the rules, each with a known subject', () => {
    const keys = new Set(extract.abilities.map((a) => `${a.action} ${a.subject}`));
    const rows = new Set(PERMISSIONS.map((r) => `${r.action} ${r.subject}`));
    expect([...keys].filter((k) => !rows.has(k))).toEqual([]);
    for (const row of PERMISSIONS) expect(SUBJECTS[row.subject], row.subject).toBeDefined();
  });

  it('gives each row the lowest role whose rules hold it', () => {
    const order = ['dynamic', 'member', 'viewer', 'interactive_viewer', 'editor', 'developer', 'admin'];
    for (const row of PERMISSIONS) {
      const same = extract.abilities.filter(
        (a) =>
          a.action === row.action &&
          a.subject === row.subject &&
          scopeOf(a.conditions) === row.scope &&
          a.file.includes(row.level === 'organization' ? 'organizationMember' : 'projectMember'),
      );
      const lowest = same.map((a) => a.role).sort((a, b) => order.indexOf(a) - order.indexOf(b))[0];
      expect(row.rule.role, row.id).toBe(lowest);
    }
  });

  it('says a project developer deletes only the previews they created, and an organization developer any preview', () => {
    // projectMemberAbility.ts: delete Project { type: PREVIEW, createdByUserUuid }; organizationMemberAbility.ts:
    // delete Project { organizationUuid, type: PREVIEW }. One label for both hid the project rule's condition.
    const project = PERMISSIONS.find(
      (r) => r.level === 'project' && r.action === 'delete' && r.firstRole === 'developer',
    );
    const organization = PERMISSIONS.find(
      (r) => r.level === 'organization' && r.action === 'delete' && r.firstRole === 'developer',
    );
    expect(project?.scope).toBe('own-preview-projects');
    expect(SCOPE_LABELS['own-preview-projects']).toMatch(/created/);
    expect(organization?.scope).toBe('preview-projects');
  });

  it('Done-when case: an interactive viewer can create a scheduled delivery, from projectMemberAbility.ts', () => {
    expect(parseQuestion('create a scheduled delivery')).toEqual({action: 'create', subject: 'ScheduledDeliveries'});
    const answer = checkPermission('interactive_viewer', 'create', 'ScheduledDeliveries');
    expect(answer.allowed).toBe(true);
    expect(answer.grantedBy[0].rule).toMatchObject({
      file: 'packages/common/src/authorization/projectMemberAbility.ts',
      role: 'interactive_viewer',
    });
    expect(checkPermission('viewer', 'create', 'ScheduledDeliveries').allowed).toBe(false);
    // Editing every delivery (manage) starts at editor.
    expect(
      rowsFor('update', 'ScheduledDeliveries')
        .filter((r) => r.level === 'project')
        .map((r) => r.firstRole),
    ).toEqual(['editor']);
  });

  it('the roles page rows agree with the rules they cite', () => {
    for (const table of Object.values(ROLES_PAGE_TABLES) as RolesTableData[]) {
      for (const row of table.rows) {
        expect(row.rules?.length || row.source, row.label).toBeTruthy();
        for (const id of row.rules ?? []) {
          const rule = PERMISSIONS.find((p) => p.id === id);
          expect(rule, id).toBeDefined();
          // The space table's roles are space roles: the role a rule needs in the space.
          const role = table.spaceRoles ? rule!.spaceRole : rule!.firstRole;
          expect(role, `${row.label}: ${id}`).toBe(row.minRole);
        }
      }
    }
  });

  it('links each subject to a docs page and section that exist in both versions', () => {
    // The rule list is drawn in the browser only, so the build's link check never sees these links.
    for (const dir of ['docs', RELEASED_DOCS_DIR]) {
      for (const [subject, info] of Object.entries(SUBJECTS)) {
        const [page, anchor] = info.docs.split('#');
        const file = path.join(root, dir, `${page}.mdx`);
        expect(fs.existsSync(file), `${subject}: ${dir}/${page}.mdx`).toBe(true);
        if (anchor) expect(fs.readFileSync(file, 'utf8'), `${subject}: #${anchor}`).toContain(`{#${anchor}}`);
      }
    }
  });

  it('API operations it links exist in the contract, under the tag that names their page', () => {
    const tagOf = new Map<string, string>();
    for (const f of fs.readdirSync(path.join(root, 'contract/routes'))) {
      const text = fs.readFileSync(path.join(root, 'contract/routes', f), 'utf8');
      const tag = /@tag\("([^"]+)"\)/.exec(text)?.[1];
      for (const m of text.matchAll(/@operationId\("([^"]+)"\)/g)) if (tag) tagOf.set(m[1], tag);
    }
    for (const [subject, info] of Object.entries(SUBJECTS)) {
      for (const op of info.api) expect(tagOf.get(op.operationId), `${subject}: ${op.operationId}`).toBe(op.tag);
    }
  });
});
