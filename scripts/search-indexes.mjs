#!/usr/bin/env node
// Finishes the search indexes the search plugin wrote. Run after `docusaurus build`.
//
// 1. Labels API results. The plugin takes a result's breadcrumb from the active navbar item, which is
//    "API" on the API pages; the spec wants results under the API path to carry "API Reference" (the
//    label of that search context). The breadcrumb is a stored field, not an indexed one, so relabelling
//    it changes what readers see and nothing of the ranking.
//
// 2. Indexes possessives as their word ("the project's time zone" holds `project`, not `project'`): every part
//    with one is indexed again over its text with the endings masked (src/search/possessives.mjs says why).
//
// 3. Writes the per-context search indexes of every docs version served under a path (/next/).
// @easyops-cn/docusaurus-search-local 0.55 matches a page to a search context by its URL without the
// version prefix only for the version at the site root: for /next/guides/... it looks for a context
// "next/guides", finds none, and writes only /next/search-index.json. The search bar on a /next/guides
// page still asks for /next/search-index-guides.json (it strips the version), which was a 404.
// This step rebuilds those files from the documents of the version's all-sections index, with the
// plugin's own buildIndex, so they hold exactly what the root version's context files hold.
//
// 4. Writes the first stage of every index: `search-index….stage1.json` next to each `search-index….json`,
// holding its titles, headings, descriptions and keywords (the first four of its five parts; the fifth,
// the body text, is ~80 % of the bytes). The site's search worker (src/search/indexStages.ts) answers
// from it while the whole index loads, so the first suggestions on a cold page wait for ~175 KB gzip
// instead of ~1 MB. Titles, descriptions and keywords are copied unchanged (each part holds its own lunr
// index); the headings part leaves out headings repeated on many pages and is indexed again.
// Run by scripts/postbuild.mjs; alone: node scripts/search-indexes.mjs [outDir]
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import {SearchDocumentType} from '../src/search/documentTypes.mjs';
import {hasPossessive, maskPossessives} from '../src/search/possessives.mjs';

const require = createRequire(import.meta.url);
const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {buildIndex} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js');

/** The plugin's index options for English, as docusaurus.config.ts sets them (defaults otherwise). */
const INDEX_OPTIONS = {language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false};

/**
 * The plugin's buildIndex over `kinds` (one list of documents per part), with possessives indexed as their
 * word (src/search/possessives.mjs): the index is built over the masked text, and the parts keep the text
 * as written, which the results show (masking keeps every offset, so match positions still fit it).
 */
export function indexParts(kinds) {
  const built = buildIndex(
    kinds.map((documents) =>
      documents.map((doc) => (hasPossessive(doc.t) ? {...doc, t: maskPossessives(doc.t)} : doc)),
    ),
    INDEX_OPTIONS,
  );
  return built.map(({index}, i) => ({documents: kinds[i], index}));
}

/**
 * Indexes again, with indexParts, every part of the plugin's index files (the root version's and each version
 * folder's) that has a possessive. Returns how many parts.
 */
function indexPossessivesAsWords(outDir) {
  let parts = 0;
  for (const folder of ['', ...versionFolders(outDir)]) {
    const dir = path.join(outDir, folder);
    for (const name of fs.readdirSync(dir)) {
      if (!/^search-index.*\.json$/.test(name) || name.endsWith('.stage1.json')) continue;
      const file = path.join(dir, name);
      const index = JSON.parse(fs.readFileSync(file, 'utf8'));
      const stale = index.map(({documents}) => documents.some((doc) => hasPossessive(doc.t)));
      if (!stale.includes(true)) continue;
      const rebuilt = indexParts(index.map(({documents}, i) => (stale[i] ? documents : [])));
      fs.writeFileSync(file, JSON.stringify(index.map((part, i) => (stale[i] ? rebuilt[i] : part))));
      parts += stale.filter(Boolean).length;
    }
  }
  return parts;
}

/** `search-index-<ctx>.json`, as the plugin and its client name them (`/` becomes `-`). */
export function contextIndexName(contextPath) {
  return `search-index-${contextPath.replace(/\//g, '-')}.json`;
}

/** True when a document's URL lies in the context, for a version served under `versionPrefix` (`/next/`). */
export function inContext(url, versionPrefix, contextPath) {
  const base = `${versionPrefix}${contextPath}`;
  const pathOnly = url.split(/[?#]/)[0];
  return pathOnly === base || pathOnly.startsWith(`${base}/`);
}

/**
 * Splits a version's all-sections index (an array of {documents, index}, one entry per document kind)
 * into one index per context. Returns [fileName, index] pairs for the contexts that have documents.
 */
export function splitByContext(allSections, versionPrefix, contexts) {
  const out = [];
  for (const {path: contextPath} of contexts) {
    const kinds = allSections.map(({documents}) => documents.filter((d) => inContext(d.u, versionPrefix, contextPath)));
    if (kinds.every((documents) => documents.length === 0)) continue;
    out.push([contextIndexName(contextPath), indexParts(kinds)]);
  }
  return out;
}

/** Version folders under outDir that have an all-sections index (`next/`); the root version is the plugin's. */
export function versionFolders(outDir) {
  return fs
    .readdirSync(outDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(outDir, entry.name, 'search-index.json')))
    .map((entry) => entry.name);
}

/** The API context: the one whose label results under its path must carry. */
const API_CONTEXT_PATH = 'api/v1';

/** Sets the first breadcrumb of every page document under `/<contextPath>` to the context's label. */
export function labelContextResults(allSections, context) {
  let changed = 0;
  for (const {documents} of allSections) {
    for (const doc of documents) {
      if (!Array.isArray(doc.b) || !inContext(doc.u, '/', context.path)) continue;
      const breadcrumb = [context.label, ...doc.b.slice(1)];
      if (breadcrumb.join('\u0000') === doc.b.join('\u0000')) continue;
      doc.b = breadcrumb;
      changed++;
    }
  }
  return changed;
}

/** Relabels the API results in the root version's index files (the API is not versioned). */
function labelApiResults(outDir, contexts) {
  const api = contexts.find((c) => c.path === API_CONTEXT_PATH);
  if (!api) return 0;
  let changed = 0;
  for (const name of ['search-index.json', contextIndexName(api.path)]) {
    const file = path.join(outDir, name);
    if (!fs.existsSync(file)) continue;
    const allSections = JSON.parse(fs.readFileSync(file, 'utf8'));
    const n = labelContextResults(allSections, api);
    if (n) fs.writeFileSync(file, JSON.stringify(allSections));
    changed += n;
  }
  return changed;
}

function writeVersionContextIndexes(outDir, contexts) {
  const written = [];
  for (const folder of versionFolders(outDir)) {
    const allSections = JSON.parse(fs.readFileSync(path.join(outDir, folder, 'search-index.json'), 'utf8'));
    for (const [name, index] of splitByContext(allSections, `/${folder}/`, contexts)) {
      fs.writeFileSync(path.join(outDir, folder, name), JSON.stringify(index));
      written.push(`${folder}/${name}`);
    }
  }
  return written;
}

/** Parts of an index in the first stage: every part before the body text (titles, headings, descriptions, keywords). */
const FIRST_STAGE_PARTS = SearchDocumentType.Content;

/** `search-index-guides.json` → `search-index-guides.stage1.json` (as src/search/indexStages.ts asks). */
function firstStageName(indexName) {
  return indexName.replace(/\.json$/, '.stage1.json');
}

/**
 * A heading found on this many pages or more is left out of the first stage. "Schema" and "Used by" on
 * every schema page, "Parameters", "Responses" and "401 Unauthorized" on every operation, "Next steps"
 * on guides: 2,000 of the all-sections index's 2,822 headings, which name no page a reader looks for.
 * Leaving them out makes the first stage 29 % smaller raw and 18 % smaller gzip, less for the first
 * suggestions to download and parse. The whole index keeps them.
 */
export const REPEATED_HEADING_PAGES = 20;

/** The headings of a part's documents that appear on fewer than REPEATED_HEADING_PAGES pages. */
function distinctiveHeadings(documents) {
  const pages = new Map();
  for (const {t, p} of documents) pages.set(t, (pages.get(t) ?? new Set()).add(p));
  return documents.filter(({t}) => pages.get(t).size < REPEATED_HEADING_PAGES);
}

/**
 * The first stage of an index (its parsed parts): the parts before the body text, with only the
 * headings that tell pages apart (the headings part's lunr index is rebuilt over them with the
 * plugin's own buildIndex; the other parts are copied unchanged).
 */
export function firstStageOf(allParts) {
  const parts = allParts.slice(0, FIRST_STAGE_PARTS);
  const headings = parts[SearchDocumentType.Heading];
  if (!headings) return parts;
  const kept = distinctiveHeadings(headings.documents);
  if (kept.length < headings.documents.length) parts[SearchDocumentType.Heading] = indexParts([kept])[0];
  return parts;
}

/** Writes the first stage next to every `search-index*.json` under outDir (and its version folders). */
function writeFirstStages(outDir) {
  const folders = ['', ...versionFolders(outDir)];
  const written = [];
  for (const folder of folders) {
    const dir = path.join(outDir, folder);
    for (const name of fs.readdirSync(dir)) {
      if (!/^search-index.*\.json$/.test(name) || name.endsWith('.stage1.json')) continue;
      const parts = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      fs.writeFileSync(path.join(dir, firstStageName(name)), JSON.stringify(firstStageOf(parts)));
      written.push(path.posix.join(folder, firstStageName(name)));
    }
  }
  return written;
}

/** The four steps, for scripts/postbuild.mjs; returns a one-line summary. */
export function finishSearchIndexes(outDir) {
  const contexts = JSON.parse(fs.readFileSync(path.join(siteDir, 'src/searchContexts.json'), 'utf8'));
  const labelled = labelApiResults(outDir, contexts);
  const possessiveParts = indexPossessivesAsWords(outDir);
  const written = writeVersionContextIndexes(outDir, contexts);
  const stages = writeFirstStages(outDir);
  return `labelled ${labelled} API results; indexed possessives as words in ${possessiveParts} parts; wrote ${written.length} version context indexes: ${written.join(', ') || 'none'}; ${stages.length} first-stage indexes`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`[search-indexes] ${finishSearchIndexes(path.resolve(siteDir, process.argv[2] ?? 'build'))}`);
}
