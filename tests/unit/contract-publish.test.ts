import {describe, expect, it} from 'vitest';
import {operationIndex} from '../../plugins/contract-publish';

describe('operationIndex', () => {
  const doc = {
    info: {version: '0.1410.1'},
    tags: [{name: 'Spaces', description: 'Folders with access control.'}, {name: 'Unused'}],
    paths: {
      '/api/v1/projects/{projectUuid}/spaces/{spaceUuid}': {
        get: {tags: ['Spaces'], summary: 'Get a space', operationId: 'getSpace'},
        delete: {tags: ['Spaces'], summary: 'Delete a space', operationId: 'deleteSpace'},
      },
      '/api/v1/projects/{projectUuid}/chart-summaries': {
        get: {tags: ['Projects'], summary: 'List chart summaries', operationId: 'listChartSummaries', deprecated: true},
      },
    },
  };

  it('groups operations by their first tag, drops empty tags, sorts by name', () => {
    const index = operationIndex(doc);
    expect(index.map((t) => t.name)).toEqual(['Projects', 'Spaces']);
    expect(index[1].description).toBe('Folders with access control.');
    expect(index[1].operations.map((o) => `${o.method} ${o.operationId}`)).toEqual([
      'GET getSpace',
      'DELETE deleteSpace',
    ]);
  });

  it('keeps the deprecated flag', () => {
    expect(operationIndex(doc)[0].operations[0]).toMatchObject({deprecated: true, summary: 'List chart summaries'});
  });
});
