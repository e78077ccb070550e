/**
 * The self-host configuration builder: what a reader picks (how Lightdash runs, what it needs) → the `.env`, the
 * docker compose override and the Helm values that the released Lightdash (src/lib/releasedVersion.mjs) and the chart at lightdash/helm-charts@2713c2a
 * read. Used by the page "Configuration builder" (src/components/SelfHostBuilder) and the MCP tool
 * `build_self_host_config`. Pure: no I/O, no randomness, and secrets are only ever placeholders.
 *
 * Every variable is one that release reads (sourceExtract.json: parseConfig.ts, other backend files, or the
 * PostgreSQL client's own PG* variables) and has a row on the environment variables page, whose row id is its name;
 * tests/unit/adminTools.test.ts checks both, the companions, the dotenv syntax, the compose schema and the chart keys.
 */
import {RELEASED_PATCH, RELEASED_VERSION} from '../releasedVersion.mjs';

export const DEPLOYMENTS = ['compose', 'helm', 'container'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];
export const DEPLOYMENT_LABELS: Record<Deployment, string> = {
  compose: 'Docker compose',
  helm: 'Helm chart (Kubernetes)',
  container: 'Plain container with environment variables',
};
const DEPLOYMENT_PHRASE: Record<Deployment, string> = {
  compose: 'with docker compose',
  helm: 'with the Helm chart',
  container: 'as a plain container (docker run --env-file .env)',
};

/** A value the reader must replace before starting Lightdash: secrets are never generated. */
export const PLACEHOLDER = '__FILL_IN__';

export interface Variable {
  readonly name: string;
  /** What it does, in a few words (the env-vars page row has the whole meaning). */
  readonly meaning: string;
  /** The value written: an example the reader edits, or PLACEHOLDER for a secret. */
  readonly value: string;
  readonly secret?: boolean;
  /** Where the Helm chart takes it, when not from `configMap`/`secrets` (a values key path), or 'chart' when the
   * chart's own templates set it. */
  readonly helm?: string;
}

export interface Need {
  readonly id: string;
  readonly label: string;
  /** Docs page that explains it, relative to the docs version root. */
  readonly docs: string;
  /** Variables written together: a need is all of them or none (the required companions). */
  readonly variables: readonly Variable[];
  /** Helm values keys set to fixed values (key path → value). */
  readonly helmValues?: Readonly<Record<string, string | number | boolean>>;
  /** Needs this one needs too. */
  readonly requires?: readonly string[];
  /** Needs it excludes (one storage provider). */
  readonly group?: string;
  readonly note?: string;
}

const secret = (name: string, meaning: string, helm?: string): Variable => ({
  name,
  meaning,
  value: PLACEHOLDER,
  secret: true,
  ...(helm ? {helm} : {}),
});
const plain = (name: string, meaning: string, value: string, helm?: string): Variable => ({
  name,
  meaning,
  value,
  ...(helm ? {helm} : {}),
});

/** Written for every configuration. */
export const CORE: readonly Variable[] = [
  secret('LIGHTDASH_SECRET', 'Encrypts stored credentials and signs sessions; never change it once set'),
  plain('SITE_URL', 'Public URL of the instance, with https://', 'https://lightdash.example.com'),
  plain('SECURE_COOKIES', 'Send the session cookie over HTTPS only', 'true'),
  plain('TRUST_PROXY', 'Trust X-Forwarded-Proto from the proxy in front of Lightdash', 'true'),
];

/** The bundled Postgres of the compose file and of the chart, when no external database is chosen. */
const BUNDLED_DB_COMPOSE: readonly Variable[] = [
  secret('PGPASSWORD', 'Password of the bundled Postgres user (the compose file creates the database with it)'),
];

export const NEEDS: readonly Need[] = [
  {
    id: 'postgres',
    label: 'External Postgres database',
    docs: 'self-host/customize-deployment/configure-lightdash-to-use-an-external-database',
    variables: [
      plain('PGHOST', 'Host name of the Postgres server', 'postgres.example.com', 'externalDatabase.host'),
      plain('PGPORT', 'Port of the Postgres server', '5432', 'externalDatabase.port'),
      plain('PGUSER', 'User Lightdash connects as', 'lightdash', 'externalDatabase.user'),
      secret('PGPASSWORD', 'Password of that user', 'externalDatabase.password'),
      plain('PGDATABASE', 'Database name', 'lightdash', 'externalDatabase.database'),
    ],
    helmValues: {'postgresql.enabled': false},
  },
  {
    id: 's3',
    label: 'Object storage: AWS S3',
    group: 'storage',
    docs: 'self-host/customize-deployment/configure-lightdash-to-use-external-object-storage',
    variables: [
      plain('S3_ENDPOINT', 'S3 API endpoint of the bucket region', 'https://s3.eu-west-1.amazonaws.com'),
      plain('S3_BUCKET', 'Bucket name', 'lightdash-files'),
      plain('S3_REGION', 'Bucket region', 'eu-west-1'),
      secret('S3_ACCESS_KEY', 'Access key ID (leave both keys out to use IAM role credentials)'),
      secret('S3_SECRET_KEY', 'Secret access key'),
    ],
  },
  {
    id: 'gcs',
    label: 'Object storage: Google Cloud Storage',
    group: 'storage',
    docs: 'self-host/customize-deployment/configure-lightdash-to-use-external-object-storage#gcs',
    variables: [
      plain('S3_ENDPOINT', 'Google Cloud Storage S3-compatible endpoint', 'https://storage.googleapis.com'),
      plain('S3_BUCKET', 'Bucket name', 'lightdash-files'),
      plain('S3_REGION', 'auto for Google Cloud Storage', 'auto'),
      secret('S3_ACCESS_KEY', 'HMAC access key of a service account'),
      secret('S3_SECRET_KEY', 'HMAC secret of that key'),
    ],
  },
  {
    id: 'minio',
    label: 'Object storage: MinIO or another S3-compatible service',
    group: 'storage',
    docs: 'self-host/customize-deployment/configure-lightdash-to-use-external-object-storage',
    variables: [
      plain('S3_ENDPOINT', 'S3 API URL of the service', 'https://minio.example.com'),
      plain('S3_BUCKET', 'Bucket name', 'lightdash-files'),
      plain('S3_REGION', 'Region the service expects', 'us-east-1'),
      secret('S3_ACCESS_KEY', 'Access key'),
      secret('S3_SECRET_KEY', 'Secret key'),
    ],
  },
  {
    id: 'smtp',
    label: 'Email (SMTP)',
    docs: 'self-host/customize-deployment/configure-smtp-for-lightdash-email-notifications',
    variables: [
      plain('EMAIL_SMTP_HOST', 'SMTP server host name', 'smtp.example.com'),
      plain('EMAIL_SMTP_PORT', 'SMTP server port', '587'),
      plain('EMAIL_SMTP_SECURE', 'Refuse to send without encryption', 'true'),
      plain('EMAIL_SMTP_USER', 'SMTP user name', 'lightdash@example.com'),
      secret('EMAIL_SMTP_PASSWORD', 'SMTP password'),
      plain('EMAIL_SMTP_SENDER_EMAIL', 'Sender address', 'lightdash@example.com'),
      plain('EMAIL_SMTP_SENDER_NAME', 'Sender display name', 'Lightdash'),
    ],
  },
  {
    id: 'google',
    label: 'Sign in with Google',
    docs: 'self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash',
    variables: [
      plain('AUTH_GOOGLE_ENABLED', 'Show Sign in with Google', 'true'),
      plain('AUTH_GOOGLE_OAUTH2_CLIENT_ID', 'Google OAuth client ID', 'your-client-id.apps.googleusercontent.com'),
      secret('AUTH_GOOGLE_OAUTH2_CLIENT_SECRET', 'Google OAuth client secret'),
    ],
  },
  {
    id: 'okta',
    label: 'Sign in with Okta',
    docs: 'self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash',
    variables: [
      plain('AUTH_OKTA_DOMAIN', 'Okta domain, without https://', 'dev-123456.okta.com'),
      plain('AUTH_OKTA_OAUTH_ISSUER', 'Issuer URI of the Okta authorisation server', 'https://dev-123456.okta.com'),
      plain('AUTH_OKTA_OAUTH_CLIENT_ID', 'Okta client ID (turns Okta sign-in on)', 'your-okta-client-id'),
      secret('AUTH_OKTA_OAUTH_CLIENT_SECRET', 'Okta client secret'),
    ],
  },
  {
    id: 'azuread',
    label: 'Sign in with Azure AD (Microsoft Entra ID)',
    docs: 'self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash',
    variables: [
      plain('AUTH_AZURE_AD_OAUTH_TENANT_ID', 'Directory (tenant) ID', 'your-tenant-id'),
      plain('AUTH_AZURE_AD_OAUTH_CLIENT_ID', 'Application (client) ID (turns Azure AD sign-in on)', 'your-client-id'),
      secret('AUTH_AZURE_AD_OAUTH_CLIENT_SECRET', 'Client secret'),
    ],
  },
  {
    id: 'onelogin',
    label: 'Sign in with OneLogin',
    docs: 'self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash',
    variables: [
      plain('AUTH_ONE_LOGIN_OAUTH_ISSUER', 'OneLogin issuer URL', 'https://example.onelogin.com/oidc/2'),
      plain('AUTH_ONE_LOGIN_OAUTH_CLIENT_ID', 'OneLogin client ID (turns OneLogin sign-in on)', 'your-client-id'),
      secret('AUTH_ONE_LOGIN_OAUTH_CLIENT_SECRET', 'OneLogin client secret'),
    ],
  },
  {
    id: 'oidc',
    label: 'Sign in with another OpenID Connect provider',
    docs: 'self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash',
    variables: [
      plain(
        'AUTH_OIDC_METADATA_DOCUMENT_URL',
        "URL of the provider's openid-configuration document",
        'https://sso.example.com/.well-known/openid-configuration',
      ),
      plain('AUTH_OIDC_CLIENT_ID', 'Client ID (turns OIDC sign-in on)', 'your-client-id'),
      secret('AUTH_OIDC_CLIENT_SECRET', 'Client secret'),
    ],
  },
  {
    id: 'sso-only',
    label: 'Turn off email and password sign-in (SSO only)',
    docs: 'self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash',
    variables: [plain('AUTH_DISABLE_PASSWORD_AUTHENTICATION', 'Users must sign in with SSO', 'true')],
  },
  {
    id: 'slack',
    label: 'Slack app',
    docs: 'self-host/customize-deployment/configure-a-slack-app-for-lightdash',
    variables: [
      plain('SLACK_CLIENT_ID', 'Client ID of the Slack app', '1234567890.1234567890'),
      secret('SLACK_CLIENT_SECRET', 'Client secret of the Slack app'),
      secret('SLACK_SIGNING_SECRET', 'Signing secret that verifies requests from Slack'),
      secret('SLACK_STATE_SECRET', 'Any random string; protects the install flow'),
    ],
  },
  {
    id: 'scheduler',
    label: 'Scheduled deliveries with images (scheduler and headless browser)',
    docs: 'self-host/customize-deployment/enable-headless-browser-for-lightdash',
    variables: [
      plain('SCHEDULER_ENABLED', 'Run the scheduler worker inside the server', 'true', 'chart'),
      plain('HEADLESS_BROWSER_HOST', 'Host name of the browser service', 'headless-browser', 'chart'),
      plain('HEADLESS_BROWSER_PORT', 'Port of the browser service', '3000', 'chart'),
      // HTTPS, not the service's http://lightdash:8080: with SECURE_COOKIES=true the released server sets no session
      // cookie on an http request, so the browser's sign-in fails (fixed later by lightdash/lightdash#13723).
      plain(
        'INTERNAL_LIGHTDASH_HOST',
        'HTTPS address the server and the browser open Lightdash at (an http one fails sign-in with SECURE_COOKIES)',
        'https://lightdash.example.com',
      ),
    ],
    helmValues: {'browserless-chrome.enabled': true},
  },
  {
    id: 'worker',
    label: 'Standalone scheduler worker',
    docs: 'self-host/customize-deployment/configure-standalone-scheduled-worker',
    requires: ['scheduler'],
    variables: [
      plain('SCHEDULER_ENABLED', 'Off on the server: the worker container processes the jobs', 'false', 'chart'),
      plain('SCHEDULER_CONCURRENCY', 'Jobs one worker runs at the same time', '3'),
    ],
    helmValues: {'scheduler.enabled': true},
  },
  {
    id: 'logging',
    label: 'Structured logging',
    docs: 'self-host/customize-deployment/configure-logging-for-lightdash',
    variables: [
      plain('LIGHTDASH_LOG_LEVEL', 'Lowest level that is logged', 'info'),
      plain('LIGHTDASH_LOG_FORMAT', 'Format of log lines', 'json'),
      plain('LIGHTDASH_LOG_OUTPUTS', 'Where logs go', 'console'),
    ],
  },
  {
    id: 'groups',
    label: 'User groups',
    docs: 'references/groups',
    variables: [plain('GROUPS_ENABLED', 'Turn on user groups', 'true')],
  },
];

export interface Choice {
  readonly deployment: Deployment;
  readonly needs: readonly string[];
}

export interface WrittenVariable extends Variable {
  /** The need that wrote it (`core` for the always-written ones). */
  readonly need: string;
}

export interface ConfigFile {
  /** The file name to save it as. */
  readonly name: string;
  readonly language: 'bash' | 'yaml';
  readonly text: string;
}

export interface BuiltConfig {
  readonly choice: Choice;
  readonly variables: readonly WrittenVariable[];
  /** `.env` (compose and plain container), `docker-compose.override.yml` (compose), `values.yaml` (Helm). */
  readonly files: readonly ConfigFile[];
  /** Names whose value is PLACEHOLDER: the reader fills them in. */
  readonly secrets: readonly string[];
}

export class ChoiceError extends Error {}

const NEED_BY_ID = new Map(NEEDS.map((need) => [need.id, need]));

/** The reader's choice made whole: known needs only, required needs added, one storage provider. */
export function normaliseChoice(deployment: string, needs: readonly string[]): Choice {
  if (!(DEPLOYMENTS as readonly string[]).includes(deployment)) {
    throw new ChoiceError(`Unknown deployment "${deployment}": use one of ${DEPLOYMENTS.join(', ')}.`);
  }
  const unknown = needs.filter((id) => !NEED_BY_ID.has(id));
  if (unknown.length) {
    throw new ChoiceError(`Unknown needs: ${unknown.join(', ')}. Known: ${NEEDS.map((n) => n.id).join(', ')}.`);
  }
  const chosen = new Set(needs);
  // A plain container has no bundled database: it always connects to a Postgres of the reader's.
  if (deployment === 'container') chosen.add('postgres');
  for (const id of [...chosen]) for (const required of NEED_BY_ID.get(id)!.requires ?? []) chosen.add(required);
  const groups = new Map<string, string[]>();
  for (const id of chosen) {
    const group = NEED_BY_ID.get(id)!.group;
    if (group) groups.set(group, [...(groups.get(group) ?? []), id]);
  }
  for (const [group, ids] of groups) {
    if (ids.length > 1) throw new ChoiceError(`Choose one ${group} provider, not ${ids.join(' and ')}.`);
  }
  // Needs in the order of NEEDS, so the same choice always gives the same files and URL.
  return {deployment: deployment as Deployment, needs: NEEDS.filter((n) => chosen.has(n.id)).map((n) => n.id)};
}

/** The variables of a choice: core, then each need's; a later need's value wins (the worker turns the scheduler off). */
export function variablesOf(choice: Choice): WrittenVariable[] {
  const out = new Map<string, WrittenVariable>();
  for (const v of CORE) out.set(v.name, {...v, need: 'core'});
  if (!choice.needs.includes('postgres') && choice.deployment !== 'helm') {
    for (const v of BUNDLED_DB_COMPOSE) out.set(v.name, {...v, need: 'core'});
  }
  for (const id of choice.needs) {
    for (const v of NEED_BY_ID.get(id)!.variables) {
      out.delete(v.name); // re-inserted under the need that sets it last
      out.set(v.name, {...v, need: id});
    }
  }
  return [...out.values()];
}

/** Values are written bare when dotenv, docker's --env-file and YAML all read them the same way. */
const BARE = /^[A-Za-z0-9_./:@-]*$/;

function envLine(v: WrittenVariable): string {
  if (!BARE.test(v.value)) throw new Error(`value of ${v.name} needs quoting`);
  return `${v.name}=${v.value}`;
}

const NEED_LABEL = (id: string) => (id === 'core' ? 'Core' : (NEED_BY_ID.get(id)?.label ?? id));

function header(choice: Choice, what: string, docsBase: string): string[] {
  return [
    `# ${what} for Lightdash ${RELEASED_VERSION} ${DEPLOYMENT_PHRASE[choice.deployment]}.`,
    `# Written by the configuration builder: ${docsBase}self-host/customize-deployment/configuration-builder`,
    `# Replace every ${PLACEHOLDER} with your own secret before you start Lightdash.`,
  ];
}

/** `# Meaning. https://…/environment-variables#NAME` */
const comment = (v: Variable, envPage: string, indent = '') =>
  `${indent}# ${v.meaning}${v.secret ? ' (secret)' : ''}. ${envPage}#${v.name}`;

function buildEnv(choice: Choice, variables: readonly WrittenVariable[], docsBase: string, envPage: string): string {
  const lines = header(choice, '.env', docsBase);
  let need = '';
  for (const v of variables) {
    if (v.need !== need) {
      need = v.need;
      lines.push('', `## ${NEED_LABEL(need)}`);
    }
    lines.push(comment(v, envPage), envLine(v));
  }
  return `${lines.join('\n')}\n`;
}

/** The image of the released patch: the base compose file says `latest` and the chart defaults to its appVersion. */
const IMAGE = `lightdash/lightdash:${RELEASED_PATCH}`;

/** Variables the base docker-compose.yml of the released Lightdash already passes to the lightdash service. */
export interface ComposeBase {
  readonly lightdashEnvironment: readonly string[];
}

function buildCompose(
  choice: Choice,
  variables: readonly WrittenVariable[],
  base: ComposeBase,
  docsBase: string,
  envPage: string,
): string {
  const lines = [
    ...header(choice, 'docker-compose.override.yml', docsBase),
    '# Compose reads it next to the docker-compose.yml of Lightdash and adds these variables to the containers;',
    '# their values come from the .env file beside it.',
    ...(choice.needs.includes('postgres')
      ? [
          "# With your own Postgres the base file's `db` service is not used: delete it, its volume and the",
          '# `depends_on` of `lightdash` from docker-compose.yml.',
        ]
      : []),
  ];
  const passed = new Set(base.lightdashEnvironment);
  const extra = variables.filter((v) => !passed.has(v.name));
  const worker = choice.needs.includes('worker');
  const fixed: Record<string, string> = worker ? {SCHEDULER_ENABLED: 'false'} : {};
  lines.push(
    'services:',
    '  lightdash:',
    `    # The base file runs lightdash/lightdash:latest, which is no longer ${RELEASED_VERSION}: pin the release.`,
    `    image: ${IMAGE}`,
  );
  if (extra.length || Object.keys(fixed).length) {
    lines.push('    environment:');
    for (const v of extra) lines.push(comment(v, envPage, '      '), `      - ${v.name}=\${${v.name}}`);
    for (const [name, value] of Object.entries(fixed)) lines.push(`      - ${name}=${value}`);
  }
  if (worker) {
    lines.push(
      '  # The standalone scheduler worker: the same image, running only the worker.',
      '  scheduler:',
      `    image: ${IMAGE}`,
      '    entrypoint: ["yarn", "workspace", "backend", "scheduler"]',
      '    restart: always',
    );
    if (!choice.needs.includes('postgres')) lines.push('    depends_on:', '      - db');
    lines.push('    environment:');
    // The database defaults of the base file's lightdash service, which the worker needs as well.
    const dbDefaults = [
      'PGHOST=${PGHOST:-db}',
      'PGPORT=${PGPORT:-5432}',
      'PGUSER=${PGUSER:-postgres}',
      'PGDATABASE=${PGDATABASE:-postgres}',
    ];
    const named = new Set(variables.map((v) => v.name));
    for (const entry of dbDefaults) if (!named.has(entry.split('=')[0])) lines.push(`      - ${entry}`);
    for (const v of variables) {
      if (v.name === 'SCHEDULER_ENABLED') continue;
      lines.push(`      - ${v.name}=\${${v.name}}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** YAML scalar for a Helm value: strings quoted (ConfigMap values must be text), numbers and booleans bare. */
const yamlScalar = (value: string | number | boolean) =>
  typeof value === 'string' ? JSON.stringify(value) : String(value);

function buildHelm(choice: Choice, variables: readonly WrittenVariable[], docsBase: string, envPage: string): string {
  const lines = [
    ...header(choice, 'values.yaml', docsBase),
    '# For the lightdash/lightdash chart (values of 2024-09-26).',
    `# Without image.tag the chart runs its own appVersion (0.1121.0 in chart 1.5.1), not ${RELEASED_VERSION}.`,
    'image:',
    `  tag: ${yamlScalar(RELEASED_PATCH)}`,
  ];
  // Fixed values and the variables that map to chart keys, grouped by top-level key.
  const tree = new Map<string, {key: string; value: string | number | boolean; variable?: Variable}[]>();
  const put = (keyPath: string, value: string | number | boolean, variable?: Variable) => {
    const [top, ...rest] = keyPath.split('.');
    tree.set(top, [...(tree.get(top) ?? []), {key: rest.join('.'), value, variable}]);
  };
  for (const id of choice.needs) for (const [k, v] of Object.entries(NEED_BY_ID.get(id)!.helmValues ?? {})) put(k, v);
  for (const v of variables) {
    if (!v.helm || v.helm === 'chart') continue;
    put(v.helm, v.helm === 'externalDatabase.port' ? Number(v.value) : v.value, v);
  }
  for (const [top, entries] of tree) {
    lines.push(`${top}:`);
    for (const e of entries) {
      if (e.variable) lines.push(comment(e.variable, envPage, '  '));
      lines.push(`  ${e.key}: ${yamlScalar(e.value)}`);
    }
  }
  const configMap = variables.filter((v) => !v.helm && !v.secret);
  const secrets = variables.filter((v) => !v.helm && v.secret);
  lines.push('# Plain settings: the chart passes each one to the Lightdash containers as an environment variable.');
  lines.push('configMap:');
  for (const v of configMap) lines.push(comment(v, envPage, '  '), `  ${v.name}: ${yamlScalar(v.value)}`);
  lines.push('# Secrets: the chart stores them in a Kubernetes Secret and passes them the same way.');
  lines.push('secrets:');
  for (const v of secrets) lines.push(comment(v, envPage, '  '), `  ${v.name}: ${yamlScalar(v.value)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Builds the files of a choice.
 * @param docsBase absolute URL of the docs version root, ending in `/` (https://docs.lightdash.com/)
 */
export function buildConfig(
  deployment: string,
  needs: readonly string[],
  {docsBase, composeBase}: {docsBase: string; composeBase: ComposeBase},
): BuiltConfig {
  const choice = normaliseChoice(deployment, needs);
  const variables = variablesOf(choice);
  const envPage = `${docsBase}self-host/customize-deployment/environment-variables`;
  return {
    choice,
    variables,
    // With Helm every variable goes into values.yaml, so there is no .env to keep beside it.
    files:
      choice.deployment === 'helm'
        ? [{name: 'values.yaml', language: 'yaml', text: buildHelm(choice, variables, docsBase, envPage)}]
        : [
            {name: '.env', language: 'bash', text: buildEnv(choice, variables, docsBase, envPage)},
            ...(choice.deployment === 'compose'
              ? [
                  {
                    name: 'docker-compose.override.yml',
                    language: 'yaml' as const,
                    text: buildCompose(choice, variables, composeBase, docsBase, envPage),
                  },
                ]
              : []),
          ],
    secrets: variables
      .filter((v) => v.secret && !(choice.deployment === 'helm' && v.helm === 'chart'))
      .map((v) => v.name),
  };
}

/** The choice as URL search parameters (no values, so never a secret): `?deploy=helm&needs=postgres,s3`. */
export function choiceToSearch(choice: Choice): string {
  const params = new URLSearchParams({deploy: choice.deployment});
  if (choice.needs.length) params.set('needs', choice.needs.join(','));
  return `?${params.toString().replace(/%2C/g, ',')}`;
}

/** The choice of a URL's search parameters; anything unknown is dropped rather than refused (a shared link). */
export function choiceFromSearch(search: string): Choice {
  const params = new URLSearchParams(search);
  const deployment = (DEPLOYMENTS as readonly string[]).includes(params.get('deploy') ?? '')
    ? (params.get('deploy') as Deployment)
    : 'compose';
  const needs = (params.get('needs') ?? '').split(',').filter((id) => NEED_BY_ID.has(id));
  try {
    return normaliseChoice(deployment, needs);
  } catch {
    return normaliseChoice(
      deployment,
      needs.filter((id) => !NEED_BY_ID.get(id)!.group),
    );
  }
}

/** The builder's features and variables as Markdown, for the page's Markdown export (plugins/markdown-export). */
export function needsMarkdown(): string {
  const variable = (v: Variable) =>
    `\`${v.name}\`${v.secret ? ' (secret)' : ` = \`${v.value}\``}${v.helm && v.helm !== 'chart' ? ` (Helm: \`${v.helm}\`)` : ''}`;
  return [
    `The builder runs in the browser. What it writes, by feature (secrets are the placeholder \`${PLACEHOLDER}\`; the MCP tool \`build_self_host_config\` writes the same files):`,
    '',
    `- Always: ${CORE.map(variable).join(', ')}`,
    ...NEEDS.map(
      (need) =>
        `- ${need.label}: ${need.variables.map(variable).join(', ')}${
          need.helmValues
            ? `; Helm: ${Object.entries(need.helmValues)
                .map(([k, v]) => `\`${k}: ${v}\``)
                .join(', ')}`
            : ''
        }`,
    ),
  ].join('\n');
}
