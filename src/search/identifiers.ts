/**
 * Identifiers as must-match: a typed token shaped like a name the docs define (an environment variable
 * `SITE_URL`, a YAML key `required_attributes`, a CLI flag `--skip-dbt-compile`, an operationId
 * `getProjectSpaces` or a schema `MetricQuery`) or a quoted error message, when it occurs in the docs,
 * brings the lines that hold it into the candidates whatever else is typed, and the ranking puts the
 * pages that hold it first (./ranking.ts, IDENTIFIER_BONUS).
 *
 * Why: the candidates come from lunr queries over all the typed words; in a longer question
 * ("SITE_URL has no effect in my Helm values") the other words fill the pool with lines about Helm and
 * values, and the page that defines the name may not be among them at all. A reader who types an exact
 * name means that name.
 *
 * Lines are found by scanning the text of every line once per identifier and index (kept while the same
 * index is loaded): only queries with an identifier-shaped token pay for it.
 */
import type {LoadedIndexes, SearchDocument, SearchResult} from './types';
import {SearchDocumentType} from './documentTypes.mjs';

/**
 * Token shapes read as identifiers: UPPER_SNAKE (at least one underscore), snake_case, a CLI flag
 * (`--name`, `-x` is too short to be specific), camelCase or PascalCase with an inner capital.
 */
const IDENTIFIER =
  /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|[a-z]+[0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)$/;

/** A quoted phrase of at least two words: an error message or a UI label, as the reader copied it. */
const QUOTED = /["“”']([^"“”']{6,200})["“”']/g;

/** Characters that may stand around an identifier in a line ("`SITE_URL`,", "(--select)"). */
const TRIM = /^[^\w-]+|[^\w]+$/g;

/** PascalCase: the API's schema names, and also how products write their names (`GitHub`, `BigQuery`). */
const PASCAL = /^[A-Z][a-z0-9]+[A-Z]/;

/**
 * The identifiers and quoted phrases of `input`, as typed (case kept), each once. With `apiNames`
 * (apiNamesOf), a PascalCase word counts only when the API reference defines it: readers type
 * "GitHub" or "BigQuery" as the products write them, and those are words to search, not names that
 * must match (as names they put the API's GitHub operations before the guide to GitHub Actions).
 */
export function identifiersOf(input: string, apiNames?: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of input.matchAll(QUOTED)) {
    const phrase = match[1].trim().replace(/\s+/g, ' ');
    if (phrase.includes(' ')) found.add(phrase);
  }
  const unquoted = input.replace(QUOTED, ' ');
  for (const raw of unquoted.split(/\s+/)) {
    const word = raw.replace(TRIM, '');
    if (IDENTIFIER.test(word) && (!apiNames || !PASCAL.test(word) || apiNames.has(word.toLowerCase()))) found.add(word);
  }
  return [...found];
}

/** True when `text` holds `name` as a whole name (case ignored): not inside a longer name. */
export function holdsIdentifier(text: string, name: string): boolean {
  return holdsLower(text.toLowerCase(), name.toLowerCase());
}

/** holdsIdentifier on text and name already in lower case. */
function holdsLower(lower: string, wanted: string, asPart = false): boolean {
  let at = lower.indexOf(wanted);
  while (at >= 0) {
    // As a part: `log_level` in `lightdash_log_level` (an underscore may stand next to it).
    const before = asPart && lower[at - 1] === '_' ? ' ' : (lower[at - 1] ?? ' ');
    const after = asPart && lower[at + wanted.length] === '_' ? ' ' : (lower[at + wanted.length] ?? ' ');
    // A phrase may end in punctuation; a name may not run on into a longer name (`SITE_URL_X`, `--select-all`).
    if (
      !/[\w-]/.test(before) &&
      !/[\w]/.test(after) &&
      !(after === '-' && /[\w]/.test(lower[at + wanted.length + 1] ?? ' '))
    )
      return true;
    at = lower.indexOf(wanted, at + 1);
  }
  return false;
}

/** Most lines one identifier brings in: a name on more lines than this is not specific. */
const MAX_LINES_PER_IDENTIFIER = 60;

const linesCache = new WeakMap<LoadedIndexes, Map<string, SearchResult[]>>();

/** Each line's text in lower case, per document list: a name typed letter by letter scans them again. */
const lowerTexts = new WeakMap<SearchDocument[], string[]>();

function lowerTextsOf(documents: SearchDocument[]): string[] {
  let texts = lowerTexts.get(documents);
  if (!texts) {
    texts = documents.map((document) => document.t.toLowerCase());
    lowerTexts.set(documents, texts);
  }
  return texts;
}

/**
 * The lines of `loaded` that hold `name` (whole, case ignored), in the plugin's result shape, at most
 * MAX_LINES_PER_IDENTIFIER; titles and headings first, as the places that name a thing.
 */
export function linesHolding(loaded: LoadedIndexes, name: string): SearchResult[] {
  let byName = linesCache.get(loaded);
  if (!byName) {
    byName = new Map();
    linesCache.set(loaded, byName);
  }
  const kept = byName.get(name.toLowerCase());
  if (kept) return kept;
  const titles = loaded.wrappedIndexes[SearchDocumentType.Title]?.documents ?? [];
  const titleById = new Map<number, SearchDocument>(titles.map((doc) => [doc.i, doc]));
  const tokens = name.toLowerCase().match(/[^-\s]+/g) ?? [];
  const lines: SearchResult[] = [];
  const wanted = name.toLowerCase();
  const scan = (asPart: boolean) => {
    for (const {type, documents} of loaded.wrappedIndexes) {
      const texts = lowerTextsOf(documents);
      for (let i = 0; i < documents.length; i++) {
        if (!texts[i].includes(wanted) || !holdsLower(texts[i], wanted, asPart)) continue;
        const document = documents[i];
        const page = type === SearchDocumentType.Title ? false : (titleById.get(document.p ?? -1) ?? false);
        // Where the name is, as lunr's match data says it: the box marks it (and reads this field).
        const metadata = {[wanted]: {t: {position: [[texts[i].indexOf(wanted), wanted.length]]}}};
        lines.push({document, type, page, tokens, score: 0, metadata});
        if (lines.length >= MAX_LINES_PER_IDENTIFIER) return;
      }
    }
  };
  scan(false);
  // A name no line holds whole, such as LOG_LEVEL for LIGHTDASH_LOG_LEVEL (readers drop a prefix): the
  // names it is part of, between underscores.
  if (lines.length === 0 && wanted.includes('_')) scan(true);
  if (byName.size > 200) byName.clear();
  byName.set(name.toLowerCase(), lines);
  return lines;
}

const apiNamesCache = new WeakMap<LoadedIndexes, ReadonlySet<string>>();

/**
 * The names the API reference defines, lower case: each operation's operationId and each schema's name,
 * read from the keywords of its pages ("POST /api/v1/…, operationId, Tag"; "Name, schema").
 */
export function apiNamesOf(loaded: LoadedIndexes): ReadonlySet<string> {
  let names = apiNamesCache.get(loaded);
  if (names) return names;
  const found = new Set<string>();
  for (const document of loaded.wrappedIndexes[SearchDocumentType.Keywords]?.documents ?? []) {
    if (!/\/api\/v1\//.test(document.u)) continue;
    const items = document.t.split(',').map((item) => item.trim());
    const name = items[1] === 'schema' ? items[0] : items[1];
    if (name) found.add(name.toLowerCase());
  }
  names = found;
  apiNamesCache.set(loaded, names);
  return names;
}

/** The kinds of name whose reference pages list many: environment variables, YAML keys, CLI flags. */
const LISTED_SHAPES = {
  upper: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g,
  snake: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g,
  flag: /(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g,
} as const;
type ListedShape = keyof typeof LISTED_SHAPES;

function listedShapeOf(name: string): ListedShape | null {
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(name)) return 'upper';
  if (/^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(name)) return 'snake';
  if (name.startsWith('--')) return 'flag';
  return null;
}

/** How much each page lists names of one shape, per loaded index and shape (counted once). */
const listsCache = new WeakMap<LoadedIndexes, Map<ListedShape, Map<string, number>>>();

/**
 * Distinct names of `shape` on each page, over the most any page has: a reference that defines such
 * names (the environment variables page, the CLI reference) lists dozens; a guide that uses one, a few.
 */
function namesPerPage(loaded: LoadedIndexes, shape: ListedShape): Map<string, number> {
  let byShape = listsCache.get(loaded);
  if (!byShape) {
    byShape = new Map();
    listsCache.set(loaded, byShape);
  }
  let counts = byShape.get(shape);
  if (counts) return counts;
  const names = new Map<string, Set<string>>();
  for (const {documents} of loaded.wrappedIndexes) {
    for (const document of documents) {
      for (const match of document.t.matchAll(LISTED_SHAPES[shape])) {
        let set = names.get(document.u);
        if (!set) names.set(document.u, (set = new Set()));
        set.add(match[0].toLowerCase());
      }
    }
  }
  // As a share of the fullest list of the site: 1 for the reference of that kind of name.
  const most = Math.max(1, ...[...names.values()].map((set) => set.size));
  counts = new Map([...names].map(([url, set]) => [url, set.size / most]));
  byShape.set(shape, counts);
  return counts;
}

/** What the typed identifiers found in the docs: per page, the names it holds and the names it names. */
export interface NamedPages {
  /** The typed identifiers that some line holds. */
  names: string[];
  /**
   * Page address → the identifiers its lines hold; those in its title, a heading or its keywords; and
   * how much it is a reference of names of that kind (0 to 1 per name: distinct names of the same
   * shape on the page over the most any page has).
   */
  pages: Map<string, {held: Set<string>; named: Set<string>; listing: number}>;
  /** One line per page that holds an identifier (a naming place first), to add it to the candidates. */
  lines: SearchResult[];
}

const NAMING_PLACES = new Set<number>([
  SearchDocumentType.Title,
  SearchDocumentType.Heading,
  SearchDocumentType.Keywords,
]);

/** The identifiers of `input` that some line of `loaded` holds, and the pages that hold them. */
export function identifiersInDocs(loaded: LoadedIndexes, input: string): NamedPages {
  const names: string[] = [];
  const pages: NamedPages['pages'] = new Map();
  const firstLine = new Map<string, SearchResult>();
  for (const name of identifiersOf(input, apiNamesOf(loaded))) {
    const held = linesHolding(loaded, name);
    if (held.length === 0) continue;
    names.push(name);
    const shape = listedShapeOf(name);
    const listed = shape ? namesPerPage(loaded, shape) : null;
    for (const line of held) {
      const url = line.document.u;
      let page = pages.get(url);
      if (!page) {
        page = {held: new Set(), named: new Set(), listing: 0};
        pages.set(url, page);
      }
      if (!page.held.has(name)) page.listing += listed?.get(url) ?? 0;
      page.held.add(name);
      if (NAMING_PLACES.has(line.type)) page.named.add(name);
      // linesHolding lists naming places first.
      if (!firstLine.has(url)) firstLine.set(url, line);
    }
  }
  return {names, pages, lines: [...firstLine.values()]};
}
