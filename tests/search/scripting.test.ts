/**
 * Scripting questions (issue 46): a question about doing something by API ("create spaces from a script",
 * "endpoint that lists charts") gets the API operation page or an API recipe near the top, not only the
 * guide that does it in the app (src/search/ranking.ts, SECTION_WEIGHT.script). Needs `npm run build`.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {apiShapeOf} from '../../src/search/ranking';
import {createPluginSearch, type Search} from './pluginSearch';

let search: Search;

beforeAll(async () => {
  search = await createPluginSearch();
});

describe('scripting words', () => {
  it.each([
    ['create spaces from a script', true],
    ['endpoint that lists all charts', true],
    ['API: create space', true],
    ['list dashboards programmatically', true],
    ['create a space', false],
    ['getProjectSpaces', false],
  ])('"%s" is a scripting question: %s', (input, script) => {
    expect(apiShapeOf(input).isScript).toBe(script);
  });
});

describe('scripting questions', () => {
  it.each([
    ['create spaces from a script', '/api/v1/spaces/create-space-in-project'],
    ['API: create space', '/api/v1/spaces/create-space-in-project'],
    ['rotate my token from a script', '/guides/api-recipes/rotate-a-personal-access-token'],
    ['list the dashboards of a space programmatically', '/guides/api-recipes/list-dashboards-of-a-space'],
    ['export a chart to csv with curl', '/guides/api-recipes/export-a-chart-to-csv'],
    // lightdash/lightdash#10113, once in unanswered-corpus-questions.md.
    ['API for generating links to explore results', '/guides/api-recipes/link-to-an-unsaved-explore'],
    ['endpoint to create a dashboard', '/api/v1/dashboards/create-dashboard'],
    ['endpoint for scheduler list', '/api/v1/schedulers/get-scheduled-jobs'],
  ])('"%s" has %s in the top 3', async (question, page) => {
    const top = (await search(question)).slice(0, 3).map((hit) => hit.path);
    expect(top, top.join('\n')).toContain(page);
  });

  it('every question of a scripting word has an API page in the top 3', async () => {
    const questions = [
      'create spaces from a script',
      'get chart results programmatically',
      'script that creates users',
      'invite users programmatically',
      'run a metric query from a script',
      'update a dashboard via the api',
    ];
    const misses: string[] = [];
    for (const question of questions) {
      const top = (await search(question)).slice(0, 3).map((hit) => hit.path);
      if (!top.some((path) => path.startsWith('/api/v1/') || path.startsWith('/guides/api-recipes/'))) {
        misses.push(`${question}: ${top.join(' ')}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
