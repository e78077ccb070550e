import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Config} from '@docusaurus/types';
import {RELEASED_DOCS_DIR, RELEASED_VERSION} from '../../src/lib/releasedVersion.mjs';

/** The docs options' editUrl function of docusaurus.config.ts, loaded fresh with the environment as set now. */
async function editUrlFunction() {
  vi.resetModules();
  const config: Config = (await import('../../docusaurus.config')).default;
  const [, options] = config.presets?.[0] as [string, {docs: {editUrl: (p: Record<string, string>) => string}}];
  return options.docs.editUrl;
}

const next = {version: 'current', versionDocsDirPath: 'docs', docPath: 'guides/how-to-create-metrics.mdx'};
const released = {
  version: RELEASED_VERSION,
  versionDocsDirPath: RELEASED_DOCS_DIR,
  docPath: 'guides/how-to-create-metrics.mdx',
};

describe('"Edit this page" links', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('point at the docs repository by default, in the folder of the page version', async () => {
    vi.stubEnv('EDIT_URL_BASE', undefined);
    const editUrl = await editUrlFunction();
    expect(editUrl(next)).toBe(
      'https://github.com/lightdash/lightdash-docs/edit/main/docs/guides/how-to-create-metrics.mdx',
    );
    expect(editUrl(released)).toBe(
      `https://github.com/lightdash/lightdash-docs/edit/main/versioned_docs/version-${RELEASED_VERSION}/guides/how-to-create-metrics.mdx`,
    );
  });

  it('take their base from EDIT_URL_BASE', async () => {
    vi.stubEnv('EDIT_URL_BASE', 'https://git.example.com/fork/docs/-/edit/preview/');
    const editUrl = await editUrlFunction();
    expect(editUrl(next)).toBe(
      'https://git.example.com/fork/docs/-/edit/preview/docs/guides/how-to-create-metrics.mdx',
    );
    expect(editUrl(released)).toBe(
      `https://git.example.com/fork/docs/-/edit/preview/versioned_docs/version-${RELEASED_VERSION}/guides/how-to-create-metrics.mdx`,
    );
  });
});
