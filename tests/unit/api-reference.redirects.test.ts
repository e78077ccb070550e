// Issue 18 renamed every operationId to the real Lightdash one and moved the operation pages to
// /api/v1/<tag>/<kebab-case operationId>. The URLs published before (legacyOperationUrls) must keep working: each
// redirects to the page of the same operation, and Redoc deep links with either the real or the old id resolve.
import {describe, expect, it} from 'vitest';
import {resolveRedocHash} from '../../plugins/api-reference/deepLink';
import {legacyOperationUrls} from '../../plugins/api-reference/legacyOperationUrls';
import type {OpenApiDocument} from '../../plugins/api-reference/model/openapi';
import {buildApiReference} from '../../plugins/api-reference/model/pages';
import {legacySchemaUrls} from '../../plugins/api-reference/legacySchemaUrls';
import {apiOperationRedirects, apiSchemaRedirects} from '../../plugins/redirects/rules';
import {loadContract} from '../contract/contract';

const ref = buildApiReference(loadContract() as unknown as OpenApiDocument, {basePath: '/api/v1'});
const pageOf = new Map(ref.operations.map((op) => [op.operationId, op.permalink]));
const pages = new Set(pageOf.values());
const redirects = apiOperationRedirects();

describe('API reference URLs after the operationId rename', () => {
  it('records one old URL per operation of the contract', () => {
    expect(Object.keys(legacyOperationUrls)).toHaveLength(ref.operations.length);
    expect(new Set(Object.values(legacyOperationUrls))).toEqual(new Set(pageOf.keys()));
  });

  it('redirects every old URL that is no longer a page to the page of its operation', () => {
    for (const [from, operationId] of Object.entries(legacyOperationUrls)) {
      if (pages.has(from)) continue;
      expect(redirects.find((r) => r.from === from)?.to, from).toBe(pageOf.get(operationId));
    }
    for (const {from, to} of redirects) {
      expect(pages.has(to), `${from} → ${to}`).toBe(true);
      expect(pages.has(from), `${from} is a page and a redirect`).toBe(false);
    }
  });

  it.each([
    ['#operation/GetMyOrganization', 'GetMyOrganization'],
    ['#operation/getComments', 'getComments'],
    ['#tag/My%20Account/operation/Rotate%20personal%20access%20token', 'Rotate personal access token'],
    // Our own old id of the same call, from links made before the rename.
    ['#operation/listDashboardComments', 'getComments'],
  ])('the Redoc link %s lands on the page of %s', (hash, operationId) => {
    expect(pageOf.get(operationId)).toBeDefined();
    expect(resolveRedocHash(hash, ref.overview.deepLinks)).toBe(pageOf.get(operationId));
  });

  it('redirects every removed schema page to a schema page that exists', () => {
    const schemaPages = new Set(ref.schemas.map((schema) => schema.permalink));
    const schemaRedirects = apiSchemaRedirects();
    expect(schemaRedirects).toHaveLength(Object.keys(legacySchemaUrls).length);
    for (const {from, to} of schemaRedirects) {
      expect(schemaPages.has(from), `${from} is a schema page again: drop its redirect`).toBe(false);
      expect(schemaPages.has(to), `${from} → ${to}`).toBe(true);
    }
  });
});
