/**
 * The docs MCP server's build_self_host_config and check_permission tools over stdio, through the SDK's own client:
 * the same answers as the pages "Configuration builder" and "Who can do what", with links into the version asked
 * for, and clear errors for input they cannot answer.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parse as parseDotenv} from 'dotenv';
import {parse as parseYaml} from 'yaml';
import {BUILD_DIR, callJson, callTool, requireBuild, SLOW, startServer, type ServerUnderTest} from './client';

interface ConfigAnswer {
  version: string;
  versionName: string;
  builderUrl: string;
  deployment: string;
  needs: string[];
  files: {name: string; text: string}[];
  secretsToFillIn: string[];
  variables: {name: string; need: string; meaning: string; value?: string; secret?: boolean; docs: string}[];
}

interface RuleAnswer {
  firstRole: string;
  sourceRule: string;
  sourceUrl: string;
  docs: string;
  api: {operationId: string; url: string}[];
  givenAt: string[];
}

interface PermissionAnswer {
  question?: string;
  allowed?: boolean;
  answer?: string;
  grantedBy?: RuleAnswer[];
  notYet?: RuleAnswer[];
  canDo?: RuleAnswer[];
  explorer: string;
  versionName: string;
}

let server: ServerUnderTest;

beforeAll(async () => {
  requireBuild();
  server = await startServer(['--source', BUILD_DIR]);
}, SLOW);
afterAll(() => server?.close());

const build = (args: Record<string, unknown>) => callJson<ConfigAnswer>(server.client, 'build_self_host_config', args);
const check = (args: Record<string, unknown>) => callJson<PermissionAnswer>(server.client, 'check_permission', args);

describe('build_self_host_config', () => {
  it('is listed with the deployment as its one required argument', async () => {
    const {tools} = await server.client.listTools();
    const tool = tools.find((t) => t.name === 'build_self_host_config');
    expect(Object.keys(tool?.inputSchema.properties ?? {})[0]).toBe('deployment');
    expect(tool?.inputSchema.required).toEqual(['deployment']);
  });

  it('Done-when case: Helm, external Postgres, S3, Google SSO, SMTP', async () => {
    const answer = await build({deployment: 'helm', needs: ['postgres', 's3', 'google', 'smtp']});
    expect(answer.files.map((f) => f.name)).toEqual(['values.yaml']);
    const values = parseYaml(answer.files[0].text);
    expect(values.postgresql.enabled).toBe(false);
    expect(values.externalDatabase.password).toBe('__FILL_IN__');
    expect(values.secrets.AUTH_GOOGLE_OAUTH2_CLIENT_SECRET).toBe('__FILL_IN__');
    expect(answer.secretsToFillIn).toContain('LIGHTDASH_SECRET');
    expect(answer.variables.find((v) => v.name === 'S3_BUCKET')?.docs).toBe(
      'https://docs.lightdash.com/self-host/customize-deployment/environment-variables#S3_BUCKET',
    );
    // Secrets carry no value in the answer, only the placeholder in the file.
    expect(answer.variables.find((v) => v.name === 'PGPASSWORD')).not.toHaveProperty('value');
    expect(answer.builderUrl).toBe(
      'https://docs.lightdash.com/self-host/customize-deployment/configuration-builder?deploy=helm&needs=postgres,s3,smtp,google',
    );
  });

  it('writes a compose .env that parses, and links into Next when asked', async () => {
    const answer = await build({deployment: 'compose', needs: ['smtp'], version: 'next'});
    expect(answer.versionName).toBe('Next (unreleased)');
    const env = parseDotenv(answer.files.find((f) => f.name === '.env')!.text);
    expect(env.EMAIL_SMTP_HOST).toBe('smtp.example.com');
    expect(answer.files.find((f) => f.name === '.env')!.text).toContain(
      'https://docs.lightdash.com/next/self-host/customize-deployment/environment-variables#EMAIL_SMTP_HOST',
    );
  });

  it.each([
    [{deployment: 'kubernetes'}, /deployment/i],
    [{deployment: 'helm', needs: ['postgres', 'nope']}, /needs/i],
    [{deployment: 'helm', needs: ['s3', 'gcs']}, /Choose one storage provider, not s3 and gcs/],
    [{deployment: 'helm', needs: Array(40).fill('s3')}, /needs/i],
    [{deployment: 'helm', version: '../../etc'}, /version/i],
    [{deployment: {toString: 'helm'}}, /deployment/i],
  ])('refuses %j with a message', async (args, message) => {
    const answer = await callTool(server.client, 'build_self_host_config', args as Record<string, unknown>);
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(message);
  });
});

describe('check_permission', () => {
  it('Done-when case: an interactive viewer can create a scheduled delivery, with the source rule', async () => {
    const answer = await check({role: 'interactive_viewer', action: 'create', subject: 'ScheduledDeliveries'});
    expect(answer.allowed).toBe(true);
    expect(answer.answer).toMatch(/^Yes: the interactive_viewer role is the first to get it/);
    expect(answer.grantedBy?.[0].sourceRule).toMatch(
      /^lightdash\/lightdash@0b7563df:packages\/common\/src\/authorization\/projectMemberAbility\.ts#L\d+ \(2024-12-11\)$/,
    );
    expect(answer.grantedBy?.[0].sourceUrl).toMatch(/^https:\/\/github\.com\/lightdash\/lightdash\/blob\/0b7563df\//);
    expect(answer.grantedBy?.[0].givenAt).toEqual(['project', 'group']);
    expect(answer.grantedBy?.[0].api.map((a) => a.url)).toContain(
      'https://docs.lightdash.com/api/v1/schedulers/get-scheduler',
    );
    expect(answer.explorer).toBe('https://docs.lightdash.com/references/who-can-do-what');
  });

  it('reads the question in words, and says where a viewer falls short', async () => {
    const answer = await check({role: 'viewer', question: 'Can I create a scheduled delivery?'});
    expect(answer.allowed).toBe(false);
    expect(answer.answer).toBe('No: it starts at the interactive_viewer role.');
  });

  it('lists what a role can do when no action is given', async () => {
    const editor = await check({role: 'editor'});
    const viewer = await check({role: 'viewer'});
    expect(editor.canDo!.length).toBeGreaterThan(viewer.canDo!.length);
    expect(editor.canDo!.every((row) => ['viewer', 'interactive_viewer', 'editor'].includes(row.firstRole))).toBe(true);
  });

  it.each([
    [{role: 'owner'}, /role/i],
    [{role: 'editor', action: 'create'}, /both `action` and `subject`/],
    [{role: 'editor', question: 'can I fly to the moon?'}, /Could not tell which object/],
    [{role: 'editor', question: 'x'.repeat(301)}, /question/i],
    [{role: 'editor', subject: 'constructor', action: 'view'}, /subject/i],
    [
      {role: 'editor', question: '<script>alert(1)</script>'},
      /Could not tell which object "<script>alert\(1\)<\/script>"/,
    ],
  ])('refuses %j with a message', async (args, message) => {
    const answer = await callTool(server.client, 'check_permission', args as Record<string, unknown>);
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(message);
  });

  it('keeps serving after refused input', async () => {
    expect((await check({role: 'admin', action: 'delete', subject: 'Project'})).allowed).toBe(true);
  });
});
