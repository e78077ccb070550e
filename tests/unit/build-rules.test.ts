import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import config from '../../docusaurus.config';
import {routeRows} from '../routes';
import {BUILD_DIR, requireBuild} from '../support/build';
import {filesUnder} from '../support/files';

const build = BUILD_DIR;

describe('build rules', () => {
  it('broken links and anchors fail the build; broken markdown links and duplicate routes warn', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.onDuplicateRoutes).toBe('warn');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('warn');
  });
});

// npm test builds the production site before vitest runs (scripts/test-all.mjs).
describe('the production build', () => {
  requireBuild();
  const files = (dir: string) => filesUnder(dir);

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

  it('every image, icon and manifest a page names for link previews and browsers exists in the build', () => {
    const site = config.url.replace(/\/$/, '');
    const missing = new Set<string>();
    let named = 0;
    for (const file of files(build).filter((f) => f.endsWith('.html'))) {
      const html = fs.readFileSync(file, 'utf8');
      const refs = [
        ...html.matchAll(
          /<meta[^>]*(?:property|name)=["']?(?:og:image|twitter:image)["']?[^>]*content=["']?([^"' >]+)/g,
        ),
        ...html.matchAll(
          /<link[^>]*rel=["']?(?:icon|shortcut icon|apple-touch-icon|manifest|mask-icon)["']?[^>]*href=["']?([^"' >]+)/g,
        ),
      ].map((m) => m[1]);
      for (const ref of refs) {
        named++;
        const local = ref.startsWith(site) ? ref.slice(site.length) : ref;
        if (!local.startsWith('/') || !fs.existsSync(path.join(build, decodeURI(local.split(/[?#]/)[0]))))
          missing.add(ref);
      }
    }
    expect([...missing]).toEqual([]);
    expect(named).toBeGreaterThan(1000);
  });

  it('every page tells link previews its own title, description and address, with a large card', () => {
    const site = config.url.replace(/\/$/, '');
    const wrong: string[] = [];
    const pages = files(build).filter((f) => f.endsWith('.html') && !f.endsWith('404.html'));
    let checked = 0;
    for (const file of pages) {
      const html = fs.readFileSync(file, 'utf8');
      if (/<meta http-equiv="refresh"/.test(html)) continue; // a redirect page, not a page to share
      checked++;
      // Minified HTML quotes an attribute with " or ', or not at all.
      const meta = (key: string) => {
        const found = new RegExp(
          `<meta[^>]*(?:property|name)=["']?${key}["']?[^>]*content=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`,
        ).exec(html);
        return found ? (found[1] ?? found[2] ?? found[3]) : undefined;
      };
      const route = path
        .relative(build, file)
        .replace(/(^|\/)index\.html$/, '')
        .replace(/\.html$/, '');
      const url = meta('og:url')?.replace(/\/$/, '');
      const problems = [
        !meta('og:title') && 'og:title',
        meta('og:description') === undefined && 'og:description',
        meta('twitter:card') !== 'summary_large_image' && 'twitter:card',
        url !== `${site}/${route}`.replace(/\/$/, '') && `og:url ${url}`,
      ].filter(Boolean);
      if (problems.length) wrong.push(`${route}: ${problems.join(', ')}`);
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(700);
  });

  it('the social card is a 1200×630 PNG, as link previews expect', () => {
    const png = fs.readFileSync(path.join(build, 'img/social-card.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it.each(['img/logo.png', 'img/favicon-32x32.png', 'img/lightdash-full.png'])(
    'keeps %s, which links from outside (the Helm chart of December 2024, the old site) still use',
    (file) => {
      expect(fs.readFileSync(path.join(build, file)).subarray(1, 4).toString('latin1')).toBe('PNG');
    },
  );

  it('the sitemap lists every released page once, and no fixture page', () => {
    const xml = fs.readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
    const site = config.url.replace(/\/$/, '');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(site.length) || '/');
    const counts = new Map<string, number>();
    for (const loc of locs) counts.set(loc, (counts.get(loc) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(locs.filter((loc) => loc.includes('__e2e'))).toEqual([]);
    // /search is a results page: it asks search engines not to index it (noindex, follow), so the sitemap leaves it out.
    const released = routeRows()
      .filter((r) => r.released && !r.route.startsWith('/snippets/') && r.route !== '/search')
      .map((r) => r.route);
    expect(released.filter((route) => !counts.has(route))).toEqual([]);
    expect(counts.has('/search')).toBe(false);
  });
});
