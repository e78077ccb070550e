/**
 * Prompts of the docs MCP server (issue 48): ready-made requests a client offers its user, each of which pulls the
 * part of the docs the task needs into the conversation, so the assistant answers from them rather than from
 * memory. Arguments complete from the docs (metric types, operationIds). SDK API only: McpServer.registerPrompt
 * and `completable`.
 */
import {completable} from '@modelcontextprotocol/sdk/server/completable.js';
import {ErrorCode, McpError} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {DocsError} from './source.mjs';
import {readPage} from './pages.mjs';
import {markdownPathOfPage} from '../../plugins/markdown-export/entry.ts';

/** The reference page of metrics, whose sections write_metric sends. */
export const METRICS_PAGE = '/references/metrics';
/** The metric types of that page's "Metric types" table, in its order. */
export const METRIC_TYPES = [
  'percentile',
  'median',
  'average',
  'count',
  'count_distinct',
  'sum',
  'min',
  'max',
  'number',
  'string',
  'date',
  'timestamp',
  'boolean',
];
/** The sections of the metrics reference every metric needs, by heading. */
const METRIC_SECTIONS = ['Defining metrics on a column', 'Metric properties', 'Metric types'];
const MAX_COMPLETIONS = 100;
const SEARCH_HITS = 5;

/**
 * The sections of a page's Markdown with these headings (`## Heading` or `### Heading`), each down to the next
 * heading of the same or a higher level, in the page's order.
 */
export function sectionsOf(markdown, headings) {
  const lines = markdown.split('\n');
  const wanted = new Set(headings.map((h) => h.toLowerCase()));
  const out = [];
  let inFence = false;
  let level = 0;
  let taking = false;
  for (const line of lines) {
    if (/^(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^(#{2,6})\s+(.+?)\s*$/.exec(line);
    if (heading) {
      const depth = heading[1].length;
      if (taking && depth <= level) taking = false;
      if (!taking && wanted.has(heading[2].replace(/`/g, '').toLowerCase())) {
        taking = true;
        level = depth;
        out.push('');
      }
    }
    if (taking) out.push(line);
  }
  return out.join('\n').trim();
}

/** A DocsError (unknown page, unreachable site) as the JSON-RPC error prompts/get reports. */
async function docs(run) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DocsError) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
}

const startsWith = (values, typed) => {
  const t = String(typed ?? '').toLowerCase();
  return values.filter((v) => v.toLowerCase().startsWith(t)).slice(0, MAX_COMPLETIONS);
};

/**
 * Registers the prompts on a docs server.
 * @param server an McpServer
 * @param context source, linkBase, knownSites, search and api from createDocsContext
 */
export function registerPrompts(server, {source, linkBase, knownSites, search, api}) {
  const resource = (pagePath, text) => ({
    role: 'user',
    content: {
      type: 'resource',
      resource: {uri: new URL(`.${markdownPathOfPage(pagePath)}`, linkBase).href, mimeType: 'text/markdown', text},
    },
  });
  const text = (value) => ({role: 'user', content: {type: 'text', text: value}});

  server.registerPrompt(
    'write_metric',
    {
      title: 'Write a metric for a column',
      description:
        'Write a Lightdash metric on a dbt column, with the sections of the metrics reference it needs ' +
        '(defining a metric on a column, its properties, the metric types and the chosen type).',
      argsSchema: {
        column: z.string().min(1).max(200).describe('The dbt column the metric is on, e.g. "amount".'),
        type: completable(
          z
            .string()
            .max(40)
            .optional()
            .describe(`The metric type: ${METRIC_TYPES.join(', ')}.`),
          (value) => startsWith(METRIC_TYPES, value),
        ),
        goal: z.string().max(1000).optional().describe('What the metric should measure, in a few words.'),
      },
    },
    async ({column, type, goal}) =>
      docs(async () => {
        const chosen = type?.trim().toLowerCase();
        if (chosen && !METRIC_TYPES.includes(chosen)) {
          throw new DocsError(`"${type}" is not a metric type. Types: ${METRIC_TYPES.join(', ')}.`);
        }
        const {markdown} = await readPage(source, METRICS_PAGE, knownSites);
        const sections = sectionsOf(markdown, [...METRIC_SECTIONS, ...(chosen ? [chosen] : ['Custom SQL', 'Filters'])]);
        const pageUrl = new URL(`.${METRICS_PAGE}`, linkBase).href;
        return {
          description: `A ${chosen ?? ''} metric on ${column}`.replace(/\s+/g, ' '),
          messages: [
            text(
              `Write a Lightdash metric on the dbt column \`${column}\`${chosen ? ` of type \`${chosen}\`` : ''}` +
                `${goal ? `, to measure: ${goal}` : ''}. Give the YAML to add under the column in the dbt ` +
                'properties file (schema.yml), following the reference sections below, and say which properties ' +
                `you set and why. Cite ${pageUrl}. Check the YAML with the validate_yaml tool before answering.`,
            ),
            resource(METRICS_PAGE, sections),
          ],
        };
      }),
  );

  server.registerPrompt(
    'answer_from_docs',
    {
      title: 'Answer a question from the docs',
      description:
        'Answer a question about Lightdash from its documentation: the best search hits come with the prompt, ' +
        'and the assistant is asked to read the pages and cite them.',
      argsSchema: {
        question: z.string().min(1).max(500).describe('The question, e.g. "How do I join two tables?".'),
        version: completable(
          z.enum(['released', 'next']).optional().describe('Docs version: "released" (the default) or "next".'),
          (value) => startsWith(['released', 'next'], value),
        ),
      },
    },
    async ({question, version}) =>
      docs(async () => {
        const key = version === 'next' ? 'next' : 'released';
        const hits = await search.search(question, key, SEARCH_HITS);
        const list = hits.length
          ? hits
              .map(
                (h) => `- ${h.title}${h.section ? ` › ${h.section}` : ''}: ${h.markdownUrl ?? h.url}\n  ${h.snippet}`,
              )
              .join('\n')
          : '(no page matched; try search_docs with other words)';
        return {
          description: `Answer from the ${key} docs: ${question}`,
          messages: [
            text(
              `Answer this question about Lightdash from its documentation${key === 'next' ? ' (the unreleased version)' : ''}: ` +
                `${question}\n\nThe docs search found these pages:\n${list}\n\nRead the pages you need (the get_page ` +
                'tool, or the resources of this server), answer from them rather than from memory, and cite the page ' +
                'URLs you used. If the docs do not answer it, say so.',
            ),
          ],
        };
      }),
  );

  server.registerPrompt(
    'call_api',
    {
      title: 'Call a Lightdash API operation',
      description:
        "Write code that calls one operation of the Lightdash REST API, with the operation's reference page " +
        '(parameters, request body, responses, samples).',
      argsSchema: {
        operation: completable(
          z.string().min(1).max(200).describe('The operationId, e.g. "GetChartHistory".'),
          async (value) => {
            try {
              return startsWith(
                (await api.list('all')).map((o) => o.operationId),
                value,
              );
            } catch {
              return [];
            }
          },
        ),
        language: z.string().max(40).optional().describe('The language of the code, e.g. "Python" (default: curl).'),
      },
    },
    async ({operation, language}) =>
      docs(async () => {
        const described = await api.describe(operation);
        const pagePath = new URL(described.docsUrl).pathname;
        const {markdown} = await readPage(source, pagePath, knownSites);
        return {
          description: `Call ${described.operationId}`,
          messages: [
            text(
              `Write ${language ? `${language} code` : 'a curl command'} that calls the Lightdash API operation ` +
                `${described.operationId}, following its reference page below. Read the API key from the ` +
                'LIGHTDASH_API_KEY environment variable, and ask for the instance URL rather than guessing it. ' +
                `Cite ${described.docsUrl}.`,
            ),
            resource(pagePath, markdown),
          ],
        };
      }),
  );
}
