// Authentication per operation, as the Lightdash server's controllers declare it (tsoa @Middlewares): calls with
// no auth middleware are public; calls with `isAuthenticated` but not `allowApiKeyAuthentication` take only the
// session cookie, and say so in their description; every other call takes the cookie or a personal access token.
import {describe, expect, it} from 'vitest';
import {loadContract, operations} from './contract';

/** From userController.ts and githubController.ts (lightdash/lightdash): no auth middleware at all. */
const PUBLIC = ['POST /api/v1/user', 'GET /api/v1/user/login-options', 'GET /api/v1/github/oauth/callback'];

/** `@Middlewares([isAuthenticated, ...])` without `allowApiKeyAuthentication`. */
const SESSION_ONLY = [
  'DELETE /api/v1/user/me',
  'PUT /api/v1/user/me/email/otp',
  'GET /api/v1/user/me/email/status',
  'GET /api/v1/github/install',
  'DELETE /api/v1/github/uninstall',
  'GET /api/v1/github/repos/list',
  // Without allowApiKeyAuthentication in their controllers at 0b7563df (organizationController.ts, sshController.ts,
  // userController.ts), so the server refuses a personal access token on them.
  'PATCH /api/v1/org',
  'DELETE /api/v1/org/{organizationUuid}',
  'GET /api/v1/org/allowedEmailDomains',
  'PATCH /api/v1/org/allowedEmailDomains',
  'POST /api/v1/ssh/key-pairs',
  'GET /api/v1/user/warehouseCredentials',
  'POST /api/v1/user/warehouseCredentials',
  'PATCH /api/v1/user/warehouseCredentials/{uuid}',
  'DELETE /api/v1/user/warehouseCredentials/{uuid}',
];

const doc = loadContract();
const ops = operations(doc).map((e) => ({key: `${e.method} ${e.path}`, ...e}));
const requirement = (security: unknown[] | undefined) =>
  (security ?? doc.security ?? []).flatMap((r) => Object.keys(r as object)).sort();

describe('security per operation', () => {
  it('names only operations of the contract', () => {
    const keys = new Set(ops.map((o) => o.key));
    expect([...PUBLIC, ...SESSION_ONLY].filter((k) => !keys.has(k))).toEqual([]);
  });

  it.each(ops.map((o) => [o.key, o] as const))('%s', (key, {operation}) => {
    const schemes = requirement(operation.security);
    if (PUBLIC.includes(key)) {
      expect(schemes).toEqual([]);
      expect(operation.description).toMatch(/Public: no /);
    } else if (SESSION_ONLY.includes(key)) {
      expect(schemes).toEqual(['session_cookie']);
      expect(operation.description).toMatch(/Session only: .*not a personal access token/);
    } else {
      expect(schemes).toEqual(['api_key', 'session_cookie']);
      expect(operation.description ?? '').not.toMatch(/Session only:/);
    }
  });
});
