import fs from 'node:fs';
import path from 'node:path';

/**
 * The information architecture of the docs, shared by every version.
 *
 * A doc id is its file path under the version's folder, without extension. Some pages exist in only
 * one version (see shared/facts/routes.md: `content-as-code` is in the released version only; `custom-charts` and
 * `dashboards-as-code` are Next only), so the sidebar of a version keeps only the docs that version
 * has. `scripts/sync-released-docs.mjs` applies the same filter to write the released version's
 * sidebar JSON (Docusaurus reads released sidebars from JSON only); `sidebars.ts` applies it to Next.
 */
type Item =
  | string
  | {
      type: 'category';
      label: string;
      link?: {type: 'doc'; id: string} | {type: 'generated-index'; slug: string; description?: string};
      items: Item[];
      collapsed?: boolean;
    };

const category = (
  label: string,
  link: {type: 'doc'; id: string} | {type: 'generated-index'; slug: string; description?: string} | undefined,
  items: Item[],
): Item => ({type: 'category', label, ...(link ? {link} : {}), items});

const index = (slug: string, description: string) => ({type: 'generated-index' as const, slug, description});
const doc = (id: string) => ({type: 'doc' as const, id});

export const informationArchitecture: Item[] = [
  'index',
  category('Getting started tutorials', doc('get-started/intro'), [
    category('Setting up a new project', doc('get-started/setup-lightdash/intro'), [
      'get-started/setup-lightdash/get-project-lightdash-ready',
      'get-started/setup-lightdash/connect-project',
      'get-started/setup-lightdash/intro-metrics-dimensions',
      'get-started/setup-lightdash/how-to-create-metrics',
      'get-started/setup-lightdash/using-explores',
      'get-started/setup-lightdash/sharing-insights',
      'get-started/setup-lightdash/invite-new-users',
    ]),
    category('Developing in Lightdash', doc('get-started/develop-in-lightdash/intro'), [
      'get-started/develop-in-lightdash/intro-metrics-dimensions',
      'get-started/develop-in-lightdash/how-to-create-dimensions',
      'get-started/develop-in-lightdash/how-to-create-metrics',
      'get-started/develop-in-lightdash/using-explores',
      'get-started/develop-in-lightdash/exploring-your-content',
      'get-started/develop-in-lightdash/sharing-insights',
    ]),
    category('Learning to explore data', doc('get-started/exploring-data/intro'), [
      'get-started/exploring-data/intro-metrics-dimensions',
      'get-started/exploring-data/using-explores',
      'get-started/exploring-data/exploring-your-content',
      'get-started/exploring-data/dashboards',
      'get-started/exploring-data/sharing-insights',
    ]),
  ]),
  category('Guides', undefined, [
    'guides/adding-tables-to-lightdash',
    'guides/how-to-create-dimensions',
    'guides/how-to-create-metrics',
    'guides/how-to-join-tables',
    'guides/limiting-data-using-filters',
    'guides/formatting-your-fields',
    'guides/interactive-dashboards',
    'guides/filtering-dashboard-in-url',
    'guides/how-to-create-scheduled-deliveries',
    'guides/how-to-create-alerts',
    'guides/adding-slack-integration',
    'guides/using-slack-integration',
    'guides/pinning',
    'guides/version-history',
    'guides/how-to-promote-content',
    'guides/how-to-create-multiple-projects',
    'guides/how-to-embed-content',
    'guides/customizing-the-appearance-of-your-project',
    'guides/metrics-catalog',
    'guides/ai-analyst',
    'guides/vs-code-yaml-validation',
    'guides/validate-your-yaml',
    category(
      'The Lightdash CLI',
      index(
        '/guides/cli/intro',
        'Install, authenticate and use the Lightdash CLI to compile, preview, validate and deploy.',
      ),
      [
        'guides/cli/how-to-install-the-lightdash-cli',
        'guides/cli/how-to-upgrade-cli',
        'guides/cli/cli-authentication',
        'guides/cli/how-to-use-lightdash-deploy',
        'guides/cli/how-to-use-lightdash-preview',
        'guides/cli/how-to-use-lightdash-validate',
        'guides/cli/how-to-compile-your-lightdash-project',
        'guides/cli/how-to-auto-generate-schema-files',
      ],
    ),
    category(
      'API recipes',
      index(
        '/guides/api-recipes',
        'Step-by-step API calls, in curl and JavaScript, for the tasks readers script most often.',
      ),
      [
        'guides/api-recipes/get-compiled-sql-of-a-chart',
        'guides/api-recipes/run-a-metric-query-and-page-results',
        'guides/api-recipes/export-a-chart-to-csv',
        'guides/api-recipes/list-dashboards-of-a-space',
        'guides/api-recipes/rotate-a-personal-access-token',
        'guides/api-recipes/link-to-an-unsaved-explore',
      ],
    ),
    category(
      'Table calculation SQL templates',
      index(
        '/guides/table-calculations/sql-templates',
        'Copy-ready SQL for the table calculations readers ask for most.',
      ),
      [
        'guides/table-calculations/table-calculation-sql-templates/percent-change-from-previous',
        'guides/table-calculations/table-calculation-sql-templates/percent-of-group-pivot-total',
        'guides/table-calculations/table-calculation-sql-templates/percent-of-previous-value',
        'guides/table-calculations/table-calculation-sql-templates/percent-of-total-column',
        'guides/table-calculations/table-calculation-sql-templates/rank-in-column',
        'guides/table-calculations/table-calculation-sql-templates/rolling-window',
        'guides/table-calculations/table-calculation-sql-templates/running-total',
      ],
    ),
  ]),
  category(
    'References',
    index('/references', 'Exact reference for modelling, exploring, integrating and administering Lightdash.'),
    [
      'references/lightdash-cli',
      category(
        'Lightdash Development',
        index('/references/develop', 'The dbt YAML and SQL you write to model data for Lightdash.'),
        [
          'references/tables',
          'references/dimensions',
          'references/metrics',
          'references/joins',
          'references/sql-variables',
          'references/preview-projects',
          'references/validating-your-content',
          'references/dashboards-as-code',
          category('SQL Runner', undefined, [
            'references/sql-runner',
            'references/virtual-views',
            'references/dbt-write-back',
          ]),
        ],
      ),
      category(
        'Data Exploration',
        index('/references/explore', 'Charts, filters, custom fields and spaces for people who explore data.'),
        [
          'references/chart-types',
          'references/custom-charts',
          'references/custom-fields',
          'references/filters',
          'references/table-calculations',
          'references/spaces',
        ],
      ),
      category(
        'Integrations',
        index('/references/integrations', 'Connect Lightdash to dbt, Slack and Google Sheets.'),
        [
          'references/dbt-projects',
          'references/dbt-semantic-layer',
          'references/slack-integration',
          'references/google-sheets',
        ],
      ),
      category(
        'Admin',
        index('/references/admin', 'Roles, groups, user attributes and usage analytics for administrators.'),
        [
          'references/roles',
          'references/who-can-do-what',
          'references/groups',
          'references/user-attributes',
          'references/usage-analytics',
        ],
      ),
      category('User', index('/references/user', 'Settings that belong to your own account.'), [
        'references/personal_tokens',
      ]),
      'references/embedding',
      'references/scim-integration',
      'references/content-as-code',
    ],
  ),
  category('Self-hosting', undefined, [
    'self-host/self-host-lightdash',
    'self-host/self-host-lightdash-docker-compose',
    'self-host/self-host-lightdash-restack',
    'self-host/update-lightdash',
    'self-host/lightdash-cloud-vs-self-hosted',
    category('Customize deployment', undefined, [
      'self-host/customize-deployment/environment-variables',
      'self-host/customize-deployment/configuration-builder',
      'self-host/customize-deployment/recommended-resources',
      'self-host/customize-deployment/secure-lightdash-with-https',
      'self-host/customize-deployment/configure-lightdash-to-use-an-external-database',
      'self-host/customize-deployment/configure-lightdash-to-use-external-object-storage',
      'self-host/customize-deployment/configure-smtp-for-lightdash-email-notifications',
      'self-host/customize-deployment/use-sso-login-for-self-hosted-lightdash',
      'self-host/customize-deployment/configure-a-slack-app-for-lightdash',
      'self-host/customize-deployment/google-sheets-integration',
      'self-host/customize-deployment/enable-headless-browser-for-lightdash',
      'self-host/customize-deployment/enable-scheduler-in-self-hosted-lightdash',
      'self-host/customize-deployment/configure-standalone-scheduled-worker',
      'self-host/customize-deployment/configure-logging-for-lightdash',
    ]),
  ]),
  'use-these-docs-with-ai',
  'contact/contact_info',
];

/** True for the doc ids (file paths without extension) present in a version's folder. */
export const docsIn =
  (docsDir: string) =>
  (id: string): boolean =>
    ['.mdx', '.md'].some((ext) => fs.existsSync(path.join(docsDir, id + ext)));

/**
 * Keeps only the docs a version has. A category left without items becomes its landing doc, or
 * disappears when its landing page is a generated index (a list of nothing).
 */
export function sidebarFor(has: (id: string) => boolean, items: Item[] = informationArchitecture): Item[] {
  return items.flatMap((item): Item[] => {
    if (typeof item === 'string') return has(item) ? [item] : [];
    const link = item.link?.type === 'doc' && !has(item.link.id) ? undefined : item.link;
    const children = sidebarFor(has, item.items);
    if (children.length === 0) return link?.type === 'doc' ? [link.id] : [];
    return [{...item, link, items: children}];
  });
}
