/**
 * Readers' words for what the docs call something else: "iframe" for embedding, "env var" for an
 * environment variable, "calculated field" (Tableau's word) for a table calculation. When a question
 * finds no line with all its words, each reader's phrase found in it is replaced by the docs' words
 * before the search relaxes (./relax.ts), so the question meets the page that answers it.
 *
 * How to add an entry: `reader` is the phrase as readers type it, lower case, words split as the search
 * splits them (spaces and hyphens); `docs` is the docs' own phrase for the same thing. The test
 * tests/search/vocabulary.test.ts checks that each `docs` phrase is on some page of the build and that
 * the reader's phrase, typed with a word no page has, finds a page with the docs' words. Keep entries
 * general (a word many readers use), not the wording of one question.
 */
export interface VocabularyEntry {
  reader: string;
  docs: string;
  /** Where the reader's word comes from: who uses it for the docs' thing (a vendor's docs, a standard). */
  source?: string;
}

/** Sources named by several entries. */
const K8S = 'Kubernetes docs, "K8s" (kubernetes.io/docs/concepts/overview)';
const PG = 'PostgreSQL docs: pg_ tools and PG* environment variables (postgresql.org/docs/current/libpq-envars.html)';
const ENTRA =
  'Microsoft: Azure Active Directory (Azure AD, AAD) renamed Microsoft Entra ID (learn.microsoft.com/entra/fundamentals/new-name)';
const GITHUB = 'GitHub docs: the gh CLI, GitHub Actions, pull requests, repositories (docs.github.com)';
const BI = 'common BI and analytics-engineering shorthand (dbt and BI community usage)';
const AI_AGENTS =
  "Lightdash's own later name: the released version's AI analyst became AI agents in 2025 (docs.lightdash.com/guides/ai-agents)";

/**
 * The glossary: product names and the common abbreviations of BI, dbt, warehouses, Kubernetes and SSO,
 * each with where it comes from, chosen from those vocabularies, not from questions the search missed.
 */
export const VOCABULARY: readonly VocabularyEntry[] = [
  {reader: 'iframe', docs: 'embed', source: 'HTML: the iframe element is how a page embeds another'},
  {reader: 'env var', docs: 'environment variable', source: 'Unix shell shorthand'},
  {reader: 'env vars', docs: 'environment variables', source: 'Unix shell shorthand'},
  {reader: 'envvar', docs: 'environment variable', source: 'Unix shell shorthand'},
  {reader: 'single sign on', docs: 'sso', source: 'SSO: single sign-on'},
  {reader: 'k8s', docs: 'kubernetes', source: K8S},
  {reader: 'kube', docs: 'kubernetes', source: K8S},
  {reader: 'eks', docs: 'kubernetes', source: 'AWS: Amazon Elastic Kubernetes Service (aws.amazon.com/eks)'},
  {
    reader: 'gke',
    docs: 'kubernetes',
    source: 'Google Cloud: Google Kubernetes Engine (cloud.google.com/kubernetes-engine)',
  },
  {
    reader: 'aks',
    docs: 'kubernetes',
    source: 'Azure Kubernetes Service (azure.microsoft.com/products/kubernetes-service)',
  },
  {reader: 'calculated field', docs: 'table calculation', source: "Tableau's name for a computed field"},
  {reader: 'computed column', docs: 'table calculation', source: 'spreadsheet and BI usage'},
  {reader: 'table calc', docs: 'table calculation', source: BI},
  {reader: 'measure', docs: 'metric', source: "Power BI's and Looker's name for an aggregate"},
  {reader: 'measures', docs: 'metrics', source: "Power BI's and Looker's name for an aggregate"},
  {reader: 'kpi', docs: 'big number', source: 'BI: a KPI tile shows one number'},
  {reader: 'dim', docs: 'dimension', source: BI},
  {reader: 'dims', docs: 'dimensions', source: BI},
  {reader: 'viz', docs: 'chart', source: BI},
  {reader: 'embedded analytics', docs: 'embed', source: "BI vendors' name for dashboards shown inside another product"},
  {
    reader: 'row level security',
    docs: 'user attributes',
    source: 'warehouses (Snowflake, BigQuery, Postgres) call it row-level security',
  },
  {reader: 'rls', docs: 'user attributes', source: 'RLS: row-level security'},
  {
    reader: 'column level security',
    docs: 'user attributes',
    source: 'warehouses (Snowflake, BigQuery) call it column-level security',
  },
  {reader: 'api key', docs: 'personal access token', source: 'REST APIs in general'},
  {reader: 'pat', docs: 'personal access token', source: 'GitHub and dbt Cloud: PAT, personal access token'},
  {
    reader: 'bq',
    docs: 'bigquery',
    source: "Google Cloud: BigQuery's bq command-line tool (cloud.google.com/bigquery/docs/bq-command-line-tool)",
  },
  {reader: 'sf', docs: 'snowflake', source: 'warehouse shorthand (SF for Snowflake)'},
  {reader: 'dbx', docs: 'databricks', source: 'Databricks Labs: the dbx tool (docs.databricks.com, dbx)'},
  {reader: 'pg', docs: 'postgres', source: PG},
  {reader: 'postgresql', docs: 'postgres', source: PG},
  {reader: 'dwh', docs: 'warehouse', source: 'DWH: data warehouse'},
  {
    reader: 'jsonb',
    docs: 'json',
    source: 'PostgreSQL docs: the json and jsonb data types (postgresql.org/docs/current/datatype-json.html)',
  },
  {
    reader: 'cte',
    docs: 'sql',
    source: 'PostgreSQL docs: WITH queries, common table expressions (postgresql.org/docs/current/queries-with.html)',
  },
  {reader: 'aad', docs: 'azure ad', source: ENTRA},
  {reader: 'azure active directory', docs: 'azure ad', source: ENTRA},
  {reader: 'idp', docs: 'identity provider', source: 'SAML 2.0 (OASIS): IdP, identity provider'},
  {
    reader: 'gcs',
    docs: 'google cloud storage',
    source: 'Google Cloud: Cloud Storage, gs:// (cloud.google.com/storage/docs)',
  },
  {reader: 'gcp', docs: 'google cloud', source: 'Google Cloud Platform'},
  {reader: 'gh', docs: 'github', source: GITHUB},
  {reader: 'gha', docs: 'github actions', source: GITHUB},
  {reader: 'pr', docs: 'pull request', source: GITHUB},
  {reader: 'repo', docs: 'repository', source: GITHUB},
  {reader: 'db', docs: 'database', source: 'DB: database'},
  {reader: 'creds', docs: 'credentials', source: 'common shorthand'},
  {reader: 'perms', docs: 'permissions', source: 'common shorthand'},
  {
    reader: 'rbac',
    docs: 'roles',
    source: 'NIST: role-based access control (csrc.nist.gov/projects/role-based-access-control)',
  },
  {reader: 'timezone', docs: 'time zone', source: 'IANA time zone database (one word or two)'},
  {reader: 'sign in', docs: 'log in', source: 'UI wording'},
  {reader: 'signin', docs: 'log in', source: 'UI wording'},
  {reader: 'cicd', docs: 'ci', source: 'CI/CD: continuous integration and delivery'},
  {reader: 'email report', docs: 'scheduled delivery', source: 'BI usage'},
  {reader: 'drilldown', docs: 'drill', source: 'BI usage'},
  {reader: 'ai agent', docs: 'ai analyst', source: AI_AGENTS},
  {reader: 'ai agents', docs: 'ai analyst', source: AI_AGENTS},
  // Words from real readers' questions (tests/search/real-questions.yaml, before issue 46): Lightdash's old
  // name for time intervals, the older word for an allow-list of IP addresses, and links on values (the
  // dimension `urls` key).
  {reader: 'timeframes', docs: 'time intervals', source: "Lightdash's earlier name (real-questions.yaml)"},
  {reader: 'whitelist', docs: 'allow list', source: 'older word for an allow list (real-questions.yaml)'},
  {reader: 'hyperlinks', docs: 'urls', source: 'real-questions.yaml'},
];

/** The entries as word lists, longest phrase first so "env vars" wins over "env var". */
const PHRASES = VOCABULARY.map((entry) => ({
  reader: entry.reader.split(/[-\s]+/).filter(Boolean),
  docs: entry.docs,
})).sort((a, b) => b.reader.length - a.reader.length);

/**
 * `words` (tokens, lower case) with each reader's phrase replaced by the docs' words, and the
 * replacements made, for a view that names them. Words are compared whole, never as patterns.
 */
export function withDocsWords(words: readonly string[]): {words: string[]; replaced: VocabularyEntry[]} {
  const out: string[] = [];
  const replaced: VocabularyEntry[] = [];
  for (let i = 0; i < words.length;) {
    const match = PHRASES.find(({reader}) => reader.every((word, k) => words[i + k] === word));
    if (match) {
      out.push(...match.docs.split(/\s+/));
      replaced.push({reader: match.reader.join(' '), docs: match.docs});
      i += match.reader.length;
    } else {
      out.push(words[i]);
      i += 1;
    }
  }
  return {words: out, replaced};
}
