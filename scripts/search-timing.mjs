/**
 * How long the site's search takes per keystroke in node, on the bench's typed prefixes, and a dump of
 * its ranked results, to check that a speed-up changed no answer.
 *
 * The bench (scripts/bench/search.mjs) types `warm` and then every query of QUERIES letter by letter in
 * the navbar box of the home page, so the worker answers each typed prefix (215, spaces are not timed)
 * from the all-sections index (build/search-index.json) with `searchSite(loaded, prefix, 8)`. In the
 * browser a reply waits for the next frame, so only a search that runs past it (~8 ms) shows in the
 * bench's figure; this script times the search alone, to find those keystrokes.
 *
 *   node --maglev --import ./mcp/lib/search/register.mjs scripts/search-timing.mjs [--passes 5] [--top 10]
 *   node --import ./mcp/lib/search/register.mjs scripts/search-timing.mjs --dump results.txt
 *
 * - The register module lets node load the site's TypeScript and the plugin's browser modules (see
 *   mcp/lib/search/loader-hooks.mjs).
 * - Two figures: the first pass is what one browser tab of the bench does (a new worker types `warm`,
 *   then each prefix once, while the JIT has not optimised the code yet); then each prefix's median
 *   over `--passes` more passes. `--maglev` tiers code up as Chrome's V8 does (node 20 leaves that tier
 *   off); without it the first pass is slower and varies more.
 * - `--root DIR`: time the search of another checkout (a worktree at an older commit; `src/lib/search`
 *   before issue 38 moved it). Its `build/` is read, or `--build DIR`: a copy of the index files that a
 *   new build cannot change between two runs.
 * - `--json FILE`: each prefix's first-pass and median times, to compare runs.
 * - `--dump FILE`: the ranked results (url and anchor) of every question of tests/search/questions.yaml
 *   and real-questions.yaml in the box on the home page and on a guide (as tests/search/pluginSearch.ts
 *   runs it) and on the results page (100, with the words it left out), and of every bench prefix.
 *
 * The machine's other work moves these figures by tens of percent: compare two versions in alternating
 * runs, not one run each.
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {parseArgs} from 'node:util';
import lunr from 'lunr';
import {parse} from 'yaml';
import {QUERIES} from './bench/search.mjs';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {values: options} = parseArgs({
  options: {
    root: {type: 'string', default: HERE},
    passes: {type: 'string', default: '5'},
    dump: {type: 'string'},
    top: {type: 'string', default: '10'},
    json: {type: 'string'},
    build: {type: 'string'},
  },
});
const root = path.resolve(options.root);
const buildDir = path.resolve(options.build ?? path.join(root, 'build'));
/** The box's limit (the plugin's searchResultLimits) and the results page's. */
const BOX_LIMIT = 8;
const PAGE_LIMIT = 100;

/** The search's folder moved (issue 38): src/search now, src/lib/search before. */
// A string from here on: the line below stops the script when there is none.
const searchDir = /** @type {string} */ (
  ['src/search', 'src/lib/search'].map((dir) => path.join(root, dir)).find((dir) => existsSync(dir))
);
if (!searchDir) throw new Error(`No src/search or src/lib/search under ${root}`);
const importTs = (file) => import(pathToFileURL(path.join(searchDir, file)).href);
// The search's front door (engine.ts); a checkout from before it (issue 46) is timed through its own modules.
const engine = existsSync(path.join(searchDir, 'engine.ts')) ? await importTs('engine.ts') : null;
const {searchSite, searchSiteExplained} = engine ?? (await importTs('rankedSearch.ts'));

/** An index file loaded as the worker's IndexCache loads it (indexStages.ts loadParts). */
function loadIndex(file) {
  const json = JSON.parse(readFileSync(path.join(buildDir, file), 'utf8'));
  if (engine) return engine.loadIndexes(json);
  return {
    wrappedIndexes: json.map(({documents, index}, type) => ({type, documents, index: lunr.Index.load(index)})),
    zhDictionary: [],
  };
}

/** Every prefix the bench's typing times: each query letter by letter (not at a space). */
function benchPrefixes() {
  const out = [];
  for (const query of QUERIES) {
    for (let n = 1; n <= query.length; n++) if (query[n - 1] !== ' ') out.push(query.slice(0, n));
  }
  return out;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => value.toFixed(2);

/** Total, p50, p95, max and the slowest prefixes of one set of per-prefix times. */
function report(title, prefixes, times) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${title}: total ${ms(times.reduce((a, b) => a + b, 0))}, p50 ${ms(percentile(sorted, 50))}, ` +
      `p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1))}, over 8 ms: ${times.filter((t) => t > 8).length}`,
  );
  const slowest = prefixes.map((prefix, i) => ({prefix, took: times[i]})).sort((a, b) => b.took - a.took);
  for (const {prefix, took} of slowest.slice(0, Number(options.top)))
    console.log(`  ${ms(took).padStart(7)}  ${prefix}`);
}

/**
 * The first pass is what a browser tab does: a new worker types `warm` and then each prefix once, with
 * code the JIT has not optimised yet. The passes after it give each prefix's median time.
 */
function time(loaded) {
  const prefixes = benchPrefixes();
  const passes = Number(options.passes);
  const timeOne = (prefix) => {
    const start = performance.now();
    searchSite(loaded, prefix, BOX_LIMIT);
    return performance.now() - start;
  };
  for (const prefix of ['w', 'wa', 'war', 'warm']) timeOne(prefix);
  const first = prefixes.map(timeOne);
  const times = prefixes.map(() => /** @type {number[]} */ ([]));
  for (let pass = 0; pass < passes; pass++) prefixes.forEach((prefix, i) => times[i].push(timeOne(prefix)));
  const medians = times.map((list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]);
  console.log(`search: ${path.relative(process.cwd(), searchDir) || '.'}, ${prefixes.length} prefixes (ms)`);
  report('first pass after typing warm', prefixes, first);
  if (passes > 0) report(`median of ${passes} more passes`, prefixes, medians);
  if (options.json) writeFileSync(options.json, JSON.stringify({prefixes, first, medians}));
}

/** The question sets' queries, in file order. */
function questions(file) {
  return parse(readFileSync(path.join(HERE, 'tests/search', file), 'utf8')).questions.map((entry) => entry.q);
}

const line = (results) => results.map(({document}) => document.u + (document.h ?? '')).join(' ');

async function dump(all, file) {
  // The box on a guide: the whole site (the engine's box with a section, guides favoured before issue 46, or
  // sectionFavour.ts before the engine); before that, the guides' own index with other sections' hits
  // added (otherSections.ts), or the guides' alone.
  const site = engine?.createSearch({
    readText: async (sitePath) => readFileSync(path.join(buildDir, sitePath), 'utf8'),
  });
  const favour =
    !site && existsSync(path.join(searchDir, 'sectionFavour.ts')) ? await importTs('sectionFavour.ts') : null;
  const otherSections =
    !site && !favour && existsSync(path.join(searchDir, 'otherSections.ts'))
      ? await importTs('otherSections.ts')
      : null;
  const guides = site || favour ? null : loadIndex('search-index-guides.json');
  const out = [];
  for (const setFile of ['questions.yaml', 'real-questions.yaml']) {
    for (const q of questions(setFile)) {
      out.push(`${setFile} home  ${q}\n  ${line(searchSite(all, q, BOX_LIMIT))}`);
      let box;
      if (site) box = await site.search(q, {section: 'guides'});
      else if (favour) box = searchSite(all, q, BOX_LIMIT, favour.sectionFavour('guides'));
      else {
        const own = searchSite(guides, q, BOX_LIMIT);
        box = otherSections
          ? await otherSections.boxResults(own, async () => searchSite(all, q, BOX_LIMIT), 'guides', q, BOX_LIMIT)
          : own;
      }
      out.push(`${setFile} guide ${q}\n  ${line(box)}`);
      const page = searchSiteExplained
        ? searchSiteExplained(all, q, PAGE_LIMIT)
        : {results: searchSite(all, q, PAGE_LIMIT)};
      out.push(`${setFile} page  ${q}\n  ${line(page.results)}\n  relaxed ${JSON.stringify(page.relaxed ?? null)}`);
    }
  }
  for (const prefix of benchPrefixes())
    out.push(`bench home  ${prefix}\n  ${line(searchSite(all, prefix, BOX_LIMIT))}`);
  writeFileSync(file, `${out.join('\n')}\n`);
  console.log(`${out.length} result lists written to ${file}`);
}

const all = loadIndex('search-index.json');
if (options.dump) await dump(all, options.dump);
else time(all);
