// The contract has exactly the calls of SPEC §7 (tests/contract/calls.json, written by hand from the spec), each
// with a summary, the operationId of the real API (fidelity.test.ts checks which), a description, a tag, examples and the standard error responses.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {loadContract, operations, root, type OpenApiDocument, type OperationEntry} from './contract';

interface Call {
  section: string;
  method: string;
  path: string;
}

const {calls} = JSON.parse(readFileSync(path.join(root, 'tests', 'contract', 'calls.json'), 'utf8')) as {calls: Call[]};
const key = (method: string, p: string) => `${method.toUpperCase()} ${p}`;

describe('calls.json', () => {
  it('lists each call once, with a full /api/v1 path', () => {
    const keys = calls.map((c) => key(c.method, c.path));
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of calls) {
      expect(call.path).toMatch(/^\/api\/v1\//);
      expect(call.path).not.toContain('...');
      expect(['GET', 'PUT', 'POST', 'PATCH', 'DELETE']).toContain(call.method);
    }
  });
});

describe('operations of the contract', () => {
  let doc: OpenApiDocument;
  let byKey: Map<string, OperationEntry>;

  beforeAll(() => {
    doc = loadContract();
    byKey = new Map(operations(doc).map((entry) => [key(entry.method, entry.path), entry]));
  });

  it('has no operation that calls.json does not list', () => {
    const listed = new Set(calls.map((c) => key(c.method, c.path)));
    expect([...byKey.keys()].filter((k) => !listed.has(k))).toEqual([]);
    expect(byKey.size).toBe(calls.length);
  });

  it('has unique operationIds', () => {
    const ids = [...byKey.values()].map((e) => e.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(calls.map((c) => [key(c.method, c.path), c] as const))('%s', (k) => {
    it('exists with a summary, an operationId, a description and one defined tag', () => {
      const entry = byKey.get(k);
      expect(entry, `${k} is missing from the contract`).toBeDefined();
      const op = entry!.operation;
      expect(op.summary?.trim()).toBeTruthy();
      // The real API's ids are kept as they are: mostly camelCase, some PascalCase, one with spaces.
      expect(op.operationId?.trim()).toBeTruthy();
      expect(op.description?.trim().length).toBeGreaterThan(20);
      expect(op.tags).toHaveLength(1);
      const tag = doc.tags?.find((t) => t.name === op.tags![0]);
      expect(tag?.description?.trim()).toBeTruthy();
    });

    it('documents a success response with an example and the shared error payload', () => {
      const op = byKey.get(k)!.operation;
      const success = Object.entries(op.responses).filter(([code]) => /^[23]/.test(code));
      expect(success).toHaveLength(1);
      const [code, response] = success[0]!;
      const media = response.content?.['application/json'];
      if (code === '302') {
        // A redirect has no body: its Location header carries the example (through its schema).
        expect(response.headers?.location?.schema).toBeDefined();
      } else if (code === '204') {
        expect(response.content, `${k}: a 204 response has no body`).toBeUndefined();
      } else {
        expect(media?.example ?? media?.examples, `${k} has no response example`).toBeDefined();
      }
      for (const errorCode of ['default', '401', '403']) {
        expect(op.responses[errorCode]?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ApiErrorPayload',
        });
      }
      for (const [status, r] of Object.entries(op.responses)) {
        if (/^[45]|default/.test(status)) {
          expect(r.content?.['application/json']?.schema).toEqual({$ref: '#/components/schemas/ApiErrorPayload'});
        }
      }
    });

    it('has a request example when it takes a body, and 400 among its errors', () => {
      const op = byKey.get(k)!.operation;
      if (!op.requestBody) return;
      const media = op.requestBody.content['application/json'];
      expect(media?.example ?? media?.examples, `${k} has no request example`).toBeDefined();
      expect(op.responses['400']).toBeDefined();
    });

    it('declares every path parameter as required, with an example', () => {
      const {path: p, operation: op} = byKey.get(k)!;
      const names = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = (op.parameters ?? []).filter((param) => param.in === 'path');
      expect(params.map((param) => param.name).sort()).toEqual([...names].sort());
      for (const param of params) {
        expect(param.required).toBe(true);
        expect(param.example ?? param.examples, `${k}: path parameter ${param.name} has no example`).toBeDefined();
      }
      if (names.length > 0) expect(op.responses['404']).toBeDefined();
    });

    // Authentication per call (public, session only, or cookie and API key) is checked by security.test.ts.
  });
});

describe('calls the spec singles out', () => {
  let doc: OpenApiDocument;
  beforeAll(() => {
    doc = loadContract();
  });

  it('deletes a comment with DELETE', () => {
    expect(doc.paths['/api/v1/comments/dashboards/{dashboardUuid}/{commentId}']?.delete).toBeDefined();
  });

  it('redirects GitHub installs with 302', () => {
    expect(Object.keys(doc.paths['/api/v1/github/install']!.get!.responses)).toContain('302');
  });

  it('marks chart summaries as deprecated, and nothing else', () => {
    const deprecated = operations(doc).filter((e) => e.operation.deprecated);
    expect(deprecated.map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /api/v1/projects/{projectUuid}/chart-summaries',
    ]);
  });

  it.each([
    ['POST', '/api/v1/projects/{projectUuid}/sqlQuery', 'body', 'sql'],
    [
      'POST',
      '/api/v1/projects/{projectUuid}/metricsExplorer/{explore}/{metric}/runMetricExplorerQuery',
      'query',
      'startDate',
    ],
    [
      'POST',
      '/api/v1/projects/{projectUuid}/metricsExplorer/{explore}/{metric}/runMetricExplorerQuery',
      'query',
      'endDate',
    ],
    ['POST', '/api/v1/projects/{projectUuid}/metricsExplorer/{explore}/{metric}/runMetricTotal', 'query', 'timeFrame'],
    ['GET', '/api/v1/projects/{projectUuid}/dataCatalog/metrics/tree', 'query', 'metricUuids'],
    ['GET', '/api/v1/notifications', 'query', 'type'],
  ])('%s %s requires %s %s', (method, p, where, name) => {
    const op = doc.paths[p]![method.toLowerCase()]!;
    if (where === 'query') {
      expect(op.parameters?.find((param) => param.in === 'query' && param.name === name)?.required).toBe(true);
    } else {
      expect(op.requestBody?.required).toBe(true);
    }
  });

  it('paginates with page and pageSize', () => {
    for (const p of ['/api/v1/org/users', '/api/v1/org/groups', '/api/v1/projects/{projectUuid}/dataCatalog/metrics']) {
      const names = doc.paths[p]!.get!.parameters!.map((param) => param.name);
      expect(names).toEqual(expect.arrayContaining(['page', 'pageSize']));
    }
  });
});
