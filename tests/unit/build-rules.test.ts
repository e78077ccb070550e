import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import config from '../../docusaurus.config';

const build = path.resolve(__dirname, '../../build');

describe('build rules', () => {
  it('broken links and anchors fail the build; broken markdown links and duplicate routes warn', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.onDuplicateRoutes).toBe('warn');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('warn');
  });
});

// npm test builds the production site before vitest runs (scripts/test-all.mjs).
describe.runIf(fs.existsSync(path.join(build, 'index.html')))('the production build', () => {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? files(full) : [full];
    });

  it('ships no test-only route, in its pages, sitemap, search indexes or scripts', () => {
    const offenders = files(build).filter((f) => {
      if (f.includes('__e2e')) return true;
      if (!/\.(html|xml|json|js)$/.test(f)) return false;
      // The config (serialized into main.js) names the pattern `/__e2e/**`; a shipped fixture would
      // appear as its route or its component.
      const text = fs.readFileSync(f, 'utf8');
      return text.includes('/__e2e/crash') || text.includes('Crash fixture');
    });
    expect(offenders.map((f) => path.relative(build, f))).toEqual([]);
  });
});
