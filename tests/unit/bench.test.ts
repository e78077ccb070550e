import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {median, medianEach, percentile, ratio} from '../../scripts/bench/stats.mjs';
import {descendantsOf, parseStat, parseStatusRss, sampleTree} from '../../scripts/bench/proc.mjs';
import {buildRows, formatTable, formatValue, ratioOf} from '../../scripts/bench/table.mjs';
import {wholeBuild} from '../../scripts/bench/build.mjs';
import {addSyntheticCopies, prefixSlug} from '../../scripts/bench/workspace.mjs';
import {summariseReport} from '../../scripts/bench/lighthouse.mjs';
import {toSource, writeStandIns} from '../../scripts/bench/peers.mjs';
import {parseOptions} from '../../scripts/bench.mjs';
import {aggregate, formatSearchQuality, pagefindSearch, releasedRoutes} from '../../scripts/bench/search-quality.mjs';

describe('percentiles and ratios', () => {
  it('interpolates between ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 95)).toBeCloseTo(48);
    expect(percentile([5, 1, 3], 0)).toBe(1);
    expect(percentile([5, 1, 3], 100)).toBe(5);
    expect(median([7, 1, 3])).toBe(3);
  });

  it('ignores missing values and answers null for no data', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([NaN, 4, undefined as unknown as number], 50)).toBe(4);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('takes the median of each Lighthouse category across runs', () => {
    expect(
      medianEach([
        [90, 100, 96, 100],
        [99, 100, 100, 92],
        [95, 98, 100, null],
      ]),
    ).toEqual([95, 100, 100, 96]);
  });

  it('gives ours/peer, or null without a peer figure', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(3, undefined as unknown as number)).toBeNull();
    expect(ratioOf([100, 90], [50, 90])).toEqual([2, 1]);
  });
});

describe('/proc parsing', () => {
  it('reads pid and parent pid even when the command name holds spaces and parentheses', () => {
    const stat = '4242 (node (build) x) S 4200 4242 4242 0 -1 4194560 100 0 0 0 5 1 0 0 20 0 11 0';
    expect(parseStat(stat)).toEqual({pid: 4242, ppid: 4200, name: 'node (build) x', cpuTicks: 6});
    expect(parseStat('garbage')).toBeNull();
  });

  it('reads VmRSS in bytes, and null for a process without one', () => {
    expect(parseStatusRss('Name:\tnode\nVmPeak:\t 900 kB\nVmRSS:\t  123456 kB\nThreads: 11\n')).toBe(123456 * 1024);
    expect(parseStatusRss('Name:\tkthreadd\nThreads: 1\n')).toBeNull();
  });

  it('collects the whole tree under a root and nothing else', () => {
    const parentOf = new Map([
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 1],
      [6, 99],
    ]);
    expect([...descendantsOf(2, parentOf)].sort()).toEqual([2, 3, 4]);
  });

  it('stops on a loop of parents (pids reused while reading /proc)', () => {
    const loop = new Map([
      [2, 3],
      [3, 2],
    ]);
    expect([...descendantsOf(2, loop)].sort()).toEqual([2, 3]);
  });

  it('measures this very process', () => {
    const {rssBytes, cpuTicks} = sampleTree(process.pid);
    expect(rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(cpuTicks.get(process.pid)).toBeGreaterThan(0);
  });
});

describe('whole build', () => {
  it('adds the times and CPU of the steps and keeps the highest peak', () => {
    const step = (seconds: number, cpuSeconds: number, peakMB: number) => ({seconds, cpuSeconds, peakMB});
    expect(wholeBuild(step(3, 4, 200), step(40, 60, 1600), step(20, 38, 300))).toEqual({
      seconds: 63,
      cpuSeconds: 102,
      peakMB: 1600,
    });
    expect(wholeBuild(null, step(40, 60, 1600), null)).toEqual(step(40, 60, 1600));
  });
});

describe('table', () => {
  const results = {
    ours: {
      build: {
        '1x': {
          cold: {
            seconds: 42,
            peakMB: 1500,
            whole: {seconds: 64.5, cpuSeconds: 90, peakMB: 1500, after: {seconds: 19.5, cpuSeconds: 35, peakMB: 300}},
          },
          warm: {seconds: 20, peakMB: 1200},
          pages: 700,
        },
      },
      bytes: {
        reference: {js: {gzip: 200 * 1024, raw: 600 * 1024}, css: {gzip: 20 * 1024, raw: 100 * 1024}},
        apiOperation: {js: {gzip: 220 * 1024, raw: 650 * 1024}, css: {gzip: 21 * 1024, raw: 101 * 1024}},
      },
      lighthouse: {home: {mobile: {scores: [99, 100, 100, 100]}, desktop: {scores: [100, 100, 100, 100]}}},
      search: {
        warm: {p50: 8, p95: 31.5, missed: []},
        cold: {fromKeystroke: 700, bytesBeforeSuggestions: 300 * 1024},
        index: [{context: '/', raw: 2048, gzip: 512}],
      },
    },
    classic: {
      build: {'1x': {cold: {seconds: 30, peakMB: 1000}, warm: {seconds: 10, peakMB: 900}, pages: 500}},
      lighthouse: {home: {mobile: {scores: [90, 100, 96, 100]}}},
      search: {
        warm: {p50: 4, p95: 10, missed: ['embeddi']},
        cold: {fromKeystroke: 1000, bytesBeforeSuggestions: 700 * 1024},
        index: [{context: '/', raw: 1024, gzip: 256}],
      },
    },
    'openapi-docs': {
      bytes: {
        reference: {js: {gzip: 200 * 1024, raw: 600 * 1024}, css: {gzip: 30 * 1024, raw: 100 * 1024}},
        apiOperation: {js: {gzip: 800 * 1024, raw: 3000 * 1024}, css: {gzip: 40 * 1024, raw: 200 * 1024}},
      },
    },
  };
  const rows = buildRows(results);
  const table = formatTable(rows);
  const line = (label: string) => table.split('\n').find((l) => l.startsWith(`| ${label} |`));

  it('puts each figure next to each peer with the ratio ours/peer', () => {
    expect(line('cold build, 1× content (s)')).toBe('| cold build, 1× content (s) |  | 42.0 | 30.0 | 1.40 | — | — |');
    expect(line('JS gzip, API operation page (KB)')).toBe(
      '| JS gzip, API operation page (KB) |  | 220.0 | — | — | 800.0 | 0.28 |',
    );
  });

  it('marks a missed target', () => {
    // The build target is on our whole `npm run build`, which the peers do not have.
    expect(line('cold npm run build, 1× content (s)')).toBe(
      '| cold npm run build, 1× content (s) | ≤ 60 s ✗ | 64.5 | — | — | — | — |',
    );
    expect(line('… of which postbuild, 1× (s)')).toBe('| … of which postbuild, 1× (s) |  | 19.5 | — | — | — | — |');
    expect(line('keystroke → suggestions p95, warm (ms)')).toContain('≤ 30 ms and ≤ classic ✗ | 31.5 | 10.0 | 3.15');
    expect(line('JS gzip: API operation page / reference page')).toContain('≤ 1.15 ✓ | 1.10 | — | — | 4.00 | 0.28');
  });

  it('checks the search targets against the default Docusaurus peer of the same run', () => {
    expect(line('typed prefixes without suggestions (count)')).toContain('| 0 ✓ | 0 | 1 |');
    // 700 ms ≤ 0.8 × 1,000 ms.
    expect(line('cold load: first keystroke → first suggestions (ms)')).toContain('≤ 0.8× classic ✓ | 700 | 1,000 |');
    expect(line('cold load: fetched from first keystroke to first suggestions, gzip (KB)')).toContain(
      '≤ 450 KB ✓ | 300.0 | 700.0 | 0.43',
    );
    const slower = buildRows({...results, ours: {search: {warm: {p95: 12}, cold: {fromKeystroke: 900}}}});
    const slowerTable = formatTable(slower);
    expect(slowerTable).toContain('| keystroke → suggestions p95, warm (ms) | ≤ 30 ms and ≤ classic ✗ | 12.0 | 10.0 |');
    expect(slowerTable).toContain('| cold load: first keystroke → first suggestions (ms) | ≤ 0.8× classic ✗ | 900 |');
  });

  it('writes score lists with element-wise ratios', () => {
    expect(line('mobile, home (perf / a11y / best practices / SEO)')).toContain(
      '≥ 98 each ✓ | 99 / 100 / 100 / 100 | 90 / 100 / 96 / 100 | 1.10 / 1.00 / 1.04 / 1.00 |',
    );
  });

  it('leaves out figures nobody measured and heads each section once', () => {
    expect(line('cold build, 5× content (s)')).toBeUndefined();
    expect(table.match(/\*\*Build\*\*/g)).toHaveLength(1);
    expect(line('index / raw (KB)')).toContain('| 2.0 | 1.0 | 2.00 |');
  });

  it('formats numbers, lists and missing values', () => {
    expect(formatValue(1234.567, 1)).toBe('1,234.6');
    expect(formatValue(null)).toBe('—');
    expect(formatValue([null, null])).toBe('—');
    expect(formatValue([98, null], 0)).toBe('98 / —');
  });
});

describe('5× content', () => {
  it('prefixes only an absolute slug, and only in the front matter', () => {
    const page = '---\ntitle: Home\nslug: /\n---\n\n```yaml\nslug: /not-front-matter\n```\n';
    expect(prefixSlug(page, 'synthetic-2')).toBe(
      '---\ntitle: Home\nslug: /synthetic-2/\n---\n\n```yaml\nslug: /not-front-matter\n```\n',
    );
    expect(prefixSlug('---\nslug: relative\n---\n', 'synthetic-2')).toBe('---\nslug: relative\n---\n');
    const noFrontMatter = '# Page\n\n```yaml\nslug: /in-an-example\n```\n';
    expect(prefixSlug(noFrontMatter, 'synthetic-2')).toBe(noFrontMatter);
  });

  it('adds four copies of every page, partials copied but not counted', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-5x-'));
    fs.mkdirSync(path.join(dir, 'guides'));
    fs.writeFileSync(path.join(dir, 'index.mdx'), '---\nslug: /\n---\n# Home\n');
    fs.writeFileSync(path.join(dir, 'guides/a.mdx'), '[b](./b.mdx)\n');
    fs.writeFileSync(path.join(dir, 'guides/_partial.mdx'), 'partial\n');
    fs.writeFileSync(path.join(dir, 'tags.yml'), 'x: {}\n');
    expect(addSyntheticCopies(dir, 4)).toBe(8);
    expect(fs.readFileSync(path.join(dir, 'synthetic-5/index.mdx'), 'utf8')).toContain('slug: /synthetic-5/');
    expect(fs.existsSync(path.join(dir, 'synthetic-3/guides/_partial.mdx'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'synthetic-2/tags.yml'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'synthetic-6'))).toBe(false);
    fs.rmSync(dir, {recursive: true});
  });
});

describe('Lighthouse report summary', () => {
  const report = {
    categories: {
      performance: {score: 0.975, auditRefs: [{id: 'largest-contentful-paint', weight: 25}]},
      accessibility: {
        score: 0.9,
        auditRefs: [
          {id: 'color-contrast', weight: 7},
          {id: 'heading-order', weight: 3},
          {id: 'manual-check', weight: 0},
        ],
      },
      'best-practices': {score: 1, auditRefs: [{id: 'errors-in-console', weight: 1}]},
      seo: {score: 1, auditRefs: [{id: 'document-title', weight: 1}]},
    },
    audits: {
      'largest-contentful-paint': {score: 0.5, numericValue: 2100},
      'color-contrast': {score: 0},
      'heading-order': {score: 1},
      'manual-check': {score: 0},
      'errors-in-console': {score: null},
      'document-title': {score: 1},
    },
  };

  it('rounds scores and lists failing weighted audits outside performance', () => {
    const summary = summariseReport(report);
    expect(summary.scores).toEqual([98, 90, 100, 100]);
    expect(summary.failing).toEqual(['accessibility:color-contrast']);
    expect(summary.metrics['largest-contentful-paint']).toBe(2100);
  });

  it('refuses a report with a runtime error', () => {
    expect(() => summariseReport({...report, runtimeError: {code: 'NO_FCP', message: 'no paint'}})).toThrow(/NO_FCP/);
  });
});

describe('command line', () => {
  it('reads the options', () => {
    const options = parseOptions(['--json', 'out.json', '--only', 'bytes,peers', '--runs', '1']);
    expect(options).toMatchObject({measurements: ['bytes'], withPeers: true, runs: 1, port: 4700});
    expect(options.json).toBe(path.resolve('out.json'));
    expect(parseOptions(['--only', 'peers']).measurements).toEqual([
      'build',
      'bytes',
      'lighthouse',
      'search',
      'bundle',
    ]);
    expect(parseOptions([]).withPeers).toBe(true);
  });

  it('measures search quality only when asked, since it reads the held-out questions', () => {
    expect(parseOptions([]).measurements).not.toContain('search-quality');
    expect(parseOptions(['--only', 'search-quality'])).toMatchObject({
      measurements: ['search-quality'],
      withPeers: false,
    });
  });

  it('rejects bad input with a clear message', () => {
    expect(() => parseOptions(['--only', 'bytes,speed'])).toThrow(/Unknown --only part: speed/);
    expect(() => parseOptions(['--runs', '0'])).toThrow(/--runs must be 1–20/);
    expect(() => parseOptions(['--port', 'abc'])).toThrow(/--port/);
    expect(() => parseOptions(['--bogus'])).toThrow(/Usage/);
  });

  it('writes search options with regular expressions as source', () => {
    expect(toSource({ignoreFiles: [/^__e2e/], n: 8, s: "it's"})).toBe(
      '{"ignoreFiles": [/^__e2e/], "n": 8, "s": "it\'s"}',
    );
  });
});

describe('search quality figures', () => {
  const questions = [
    {q: 'a', page: '/guides/x#part'},
    {q: 'b', page: '/references/y', also: ['/guides/z']},
    {q: 'c', page: '/self-host/w'},
    {q: 'd', page: '/api/v1/'},
  ];

  it('counts top-1, top-5, MRR (also pages count, anchors and trailing slashes ignored) and empty lists', () => {
    const figures = aggregate(questions, [
      ['/guides/x/', '/other'],
      ['/other', '/a', '/guides/z#h'],
      [],
      ['/1', '/2', '/3', '/4', '/5', '/6', '/api/v1'],
    ]);
    expect(figures).toMatchObject({n: 4, top1: 0.25, top5: 0.5, empty: 1});
    expect(figures.mrr).toBeCloseTo((1 + 1 / 3 + 0 + 1 / 7) / 4, 10);
  });

  it('stops looking after 10 results and needs one list per question', () => {
    const deep = Array.from({length: 10}, (_, i) => `/p${i}`);
    expect(aggregate([questions[2]], [[...deep, '/self-host/w']]).mrr).toBe(0);
    expect(() => aggregate(questions, [[]])).toThrow(/one result list per question/);
  });

  it('reads the released routes of a sitemap, without the unreleased /next/ version', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-'));
    fs.writeFileSync(
      path.join(dir, 'sitemap.xml'),
      '<urlset><url><loc>https://docs.lightdash.com/</loc></url><url><loc>https://docs.lightdash.com/guides/a</loc></url>' +
        '<url><loc>https://docs.lightdash.com/next/guides/a</loc></url></urlset>',
    );
    expect(releasedRoutes(dir)).toEqual(['/', '/guides/a']);
    expect(() => releasedRoutes(path.join(dir, 'none'))).toThrow(/npm run build/);
  });

  it('prints aggregates only, one row per engine', () => {
    const f = {n: 4, top1: 0.5, top5: 0.75, mrr: 0.6, empty: 1};
    const table = formatSearchQuality({questions: 4, ours: {home: f, guide: f, page: f}, plugin: f, pagefind: f});
    expect(table.split('\n').filter((l) => l.startsWith('| ') && !/^\| (Engine|---)/.test(l))).toHaveLength(5);
    expect(table).toContain('| ours: /search | 50.0 % | 75.0 % | 0.600 | 1 |');
  });

  it('searches Pagefind over a build’s released pages with fetch and location left alone', async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-build-'));
    const pages: Record<string, [string, string]> = {
      '/': ['Lightdash docs', 'Welcome to the docs.'],
      '/guides/joins': ['Joining tables', 'Join two dbt models with sql_on in the model YAML.'],
      '/references/metrics': ['Metrics reference', 'Define a metric on a column: sum, count, average.'],
      '/next/guides/joins': ['Joining tables in Next', 'Join dbt models, unreleased.'],
    };
    for (const [route, [title, text]] of Object.entries(pages)) {
      fs.mkdirSync(path.join(build, route), {recursive: true});
      fs.writeFileSync(
        path.join(build, route, 'index.html'),
        `<!doctype html><html lang="en"><head><title>${title}</title></head>` +
          `<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
      );
    }
    const locs = Object.keys(pages).map((route) => `<url><loc>https://docs.lightdash.com${route}</loc></url>`);
    fs.writeFileSync(path.join(build, 'sitemap.xml'), `<urlset>${locs.join('')}</urlset>`);
    const {fetch, location} = globalThis as {fetch: typeof globalThis.fetch; location?: unknown};

    const output = `${build}-pagefind`;
    const pagefind = await pagefindSearch(build, output);
    try {
      expect(globalThis.fetch).toBe(fetch);
      expect((globalThis as {location?: unknown}).location).toBe(location);
      expect(pagefind.pages).toBe(3);
      expect(await pagefind.search('join dbt models')).toEqual(['/guides/joins']);
      expect((await pagefind.search('metric'))[0]).toBe('/references/metrics');
    } finally {
      await pagefind.close();
      for (const dir of [build, output]) fs.rmSync(dir, {recursive: true, force: true});
    }
    expect(globalThis.fetch).toBe(fetch);
  });
});

describe('the classic peer’s stand-ins for our interactive components', () => {
  it('writes one for every @site module a page imports, with the names it imports, and none for copied ones', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'standins-site-'));
    const peer = fs.mkdtempSync(path.join(os.tmpdir(), 'standins-peer-'));
    fs.mkdirSync(path.join(site, 'docs/guides'), {recursive: true});
    fs.mkdirSync(path.join(site, 'versioned_docs/version-1/references'), {recursive: true});
    fs.writeFileSync(
      path.join(site, 'docs/guides/a.mdx'),
      "import Widget from '@site/src/components/Widget';\nimport HomeTiles from '@site/src/components/HomeTiles';\n\n<Widget />\n",
    );
    fs.writeFileSync(
      path.join(site, 'versioned_docs/version-1/references/_b.mdx'),
      "import {Setting, Other as Renamed} from '@site/plugins/thing/theme';\n",
    );
    writeStandIns(site, peer, ['HomeTiles']);
    expect(fs.readFileSync(path.join(peer, 'src/components/Widget/index.js'), 'utf8')).toMatch(
      /^export default function/,
    );
    const named = fs.readFileSync(path.join(peer, 'plugins/thing/theme/index.js'), 'utf8');
    expect(named).toContain('export function Setting()');
    expect(named).toContain('export function Other()');
    expect(fs.existsSync(path.join(peer, 'src/components/HomeTiles'))).toBe(false);
  });

  it('covers every @site import of the real docs', () => {
    const peer = fs.mkdtempSync(path.join(os.tmpdir(), 'standins-peer-'));
    const root = path.join(__dirname, '../..');
    writeStandIns(root, peer, []);
    for (const module of ['src/components/YamlValidator', 'src/components/RolesTable', 'plugins/api-reference/theme']) {
      expect(fs.existsSync(path.join(peer, module, 'index.js')), module).toBe(true);
    }
  });
});

describe('the bench’s operation page URL', () => {
  it('kebab-cases every operationId as the API reference does', async () => {
    const {operationSegment} = await import('../../scripts/bench/peers.mjs');
    const {operationSlug} = await import('../../plugins/api-reference/index');
    const contract = JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../generated/openapi/openapi.json'), 'utf8'),
    ) as {paths: Record<string, Record<string, {operationId?: string}>>};
    const ids = Object.values(contract.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(100);
    for (const id of ids) expect(operationSegment(id!), id).toBe(operationSlug(id!));
  });
});

describe('the bundle analysis', () => {
  it('groups modules by package, generated file and folder, largest first', async () => {
    const {groupModules, moduleGroup, formatBundle} = await import('../../scripts/bench/bundle.mjs');
    expect(moduleGroup('./node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(moduleGroup('./node_modules/@docusaurus/core/lib/client/App.js + 3 modules')).toBe('@docusaurus/core');
    expect(moduleGroup('./.docusaurus/route-shards/routes.js')).toBe('.docusaurus/route-shards/…');
    expect(moduleGroup('./.docusaurus/registry.js')).toBe('.docusaurus/registry.js');
    expect(moduleGroup('./src/theme/Root.tsx')).toBe('src/theme');
    const grouped = groupModules([
      {name: './node_modules/react-dom/a.js', size: 300},
      {name: './node_modules/react-dom/b.js', size: 100},
      {name: './src/theme/Root.tsx', size: 100},
    ]);
    expect(grouped.total).toBe(500);
    expect(grouped.groups).toEqual([
      {group: 'react-dom', bytes: 400, modules: 2, share: 0.8},
      {group: 'src/theme', bytes: 100, modules: 1, share: 0.2},
    ]);
    expect(formatBundle(grouped)).toContain('| react-dom | 2 | 0.4 | 80.0 % |');
  });
});
