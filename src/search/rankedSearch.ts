/**
 * The site's search: candidates from the plugin's loaded indexes (./candidates.ts), ordered by
 * ./ranking.ts; when a half-typed last word finds nothing, retried with that word cut back, and when
 * that finds nothing either, with only the words the docs have (./relax.ts).
 * The search box's worker (./worker.ts), the tests and the docs MCP server call it through ./engine.ts
 * and get the same results.
 */
import type {LoadedIndexes, SearchResult} from './types';
import {searchCandidates} from './candidates';
import {typedWords} from './typedWords';
import {apiShapeOf, CANDIDATE_LIMIT, rankSearchResults} from './ranking';
import {relaxInput, type Relaxed} from './relax';
import {withDocsWords} from './vocabulary';
import {withCutBack} from './typing';
import {apiNamesOf, identifiersInDocs} from './identifiers';
import {rarityOf} from './rarity';
import {bestPageLines, pageScores} from './pageScore';

/**
 * How many of the best pages by BM25F (./pageScore.ts) join the candidates of a question of at least
 * BM25_MIN_WORDS words the docs have, with their line that holds the most of them. The lunr queries
 * find lines with every word (or all but one); a question that spans a page finds the lines of each
 * word alone, the first hundred of each, in no useful order. Measured on the tuning half: 0, 10 and 20
 * pages (10 and 20 alike, both better than none), from 3 or 4 words (alike there; from 4, the real
 * questions of 3 words and the relevance set keep their order, and a keystroke of 3 words pays nothing).
 */
const BM25_PAGES = 10;
const BM25_MIN_WORDS = 4;

/**
 * At most `limit` results for `input` in `loaded` (what `loadIndexes` in ./loadIndexes.ts returns, as
 * the plugin's worker loads them), ranked.
 */
export function searchSite(
  loaded: LoadedIndexes,
  input: string,
  limit: number,
  favour?: (url: string) => number,
): SearchResult[] {
  return searchSiteExplained(loaded, input, limit, favour).results;
}

/**
 * `searchSite`, with how the query was relaxed when its results did not come from every typed word
 * (null when they did): the search page names the words it ignored (src/theme/SearchPage).
 */
export function searchSiteExplained(
  loaded: LoadedIndexes,
  input: string,
  limit: number,
  favour?: (url: string) => number,
): {results: SearchResult[]; relaxed: Relaxed | null} {
  const plain = (results: SearchResult[]) => ({results, relaxed: null});
  const pool = Math.max(limit, CANDIDATE_LIMIT);
  // Names the docs hold, typed exactly (`SITE_URL`, `--select`, `getProjectSpaces`, a quoted error):
  // their lines are candidates whatever the other words found (./identifiers.ts).
  // A page the other words did not find comes in with one line that holds the name; the ranking is
  // told which pages hold which names.
  const named = identifiersInDocs(loaded, input);
  // A PascalCase word the API does not define is a product's name ("GitHub"), not an API name.
  const apiNames = apiNamesOf(loaded);
  // Typed words weigh by their rarity in the docs (./rarity.ts).
  const rarity = rarityOf(loaded);
  const rank = (words: string, found: SearchResult[]) => {
    // Pages are scored as a whole only for a question of several words (a keystroke of one or two words
    // pays nothing for it): a short query is answered by a line that holds every word.
    const several = words.trim().split(/\s+/).length >= BM25_MIN_WORDS;
    const tokens = several ? typedWords(apiShapeOf(words, apiNames).terms) : [];
    const scored = tokens.length >= BM25_MIN_WORDS ? pageScores(loaded, tokens) : undefined;
    const pagesFound = new Set(found.map((result) => result.document.u));
    let all = found;
    if (scored && scored.words.length >= BM25_MIN_WORDS) {
      const more = bestPageLines(loaded, tokens, scored, BM25_PAGES, pagesFound);
      for (const line of more) pagesFound.add(line.document.u);
      all = [...found, ...more];
    }
    if (named.names.length === 0)
      return rankSearchResults(words, all, limit, favour, undefined, rarity, scored, apiNames);
    const more = named.lines.filter((line) => !pagesFound.has(line.document.u));
    // A typed name orders the pages that hold it (./identifiers.ts); the page scores of the other words
    // would favour a guide that uses the name with them ("… in my helm values") over the reference.
    return rankSearchResults(words, [...all, ...more], limit, favour, named, rarity, undefined, apiNames);
  };
  const {terms} = apiShapeOf(input, apiNames);
  const find = (words: string) =>
    withCutBack((text) => searchCandidates(loaded, text, limit, pool, text === words), words);
  let candidates = find(terms);
  // A reader's word for something the docs name otherwise ("calculated field"): the docs' words are
  // searched too, and their lines join the typed words' (./vocabulary.ts).
  const typed = typedWords(terms);
  const vocabulary = withDocsWords(typed);
  if (vocabulary.replaced.length > 0) {
    const docsWords = vocabulary.words.join(' ');
    const found = union(find(docsWords), candidates);
    // Done when a line holds every word of either wording; otherwise the lines of each word join in,
    // as below (a long question with a reader's phrase found one line, "column level security").
    const most = Math.min(new Set(typed).size, new Set(vocabulary.words).size);
    if (found.some((result) => new Set(result.tokens).size >= most)) {
      return plain(rank(`${input} ${docsWords}`, found));
    }
    if (found.length > 0) {
      const relaxed = relaxInput(loaded, docsWords);
      const more = eachWord(relaxed.withCorrections, find, pool);
      return {results: rank(rankingInput(`${input} ${docsWords}`, relaxed), union(found, more)), relaxed};
    }
  }
  if (candidates.length > 0) {
    // Lines with (nearly) every word were found. When none holds every word the docs have, the
    // answer is often a page that holds them in different lines: the lines of each word join in.
    // (The cheap test first: a line with every typed word ends it on most keystrokes.)
    const covers = (count: number) => candidates.some((result) => new Set(result.tokens).size >= count);
    if (covers(new Set(typed).size)) return plain(rank(input, candidates));
    const relaxed = relaxInput(loaded, terms);
    const wanted = new Set(relaxed.input.split(/\s+/).filter(Boolean)).size;
    if (wanted < 2 || covers(wanted)) return {results: rank(input, candidates), relaxed};
    return {
      results: rank(rankingInput(input, relaxed), union(candidates, eachWord(relaxed.withCorrections, find, pool))),
      relaxed,
    };
  }
  const relaxed = relaxInput(loaded, terms);
  const {input: words} = relaxed;
  if (!words) return {results: rank(input, []), relaxed}; // no word of the question is on any page, or only words like "not working"
  if (relaxed.ignored.length + relaxed.corrected.length + relaxed.replaced.length > 0) candidates = find(words);
  // No line has all the words (a reader's question spans a page, not a line): the lines of each word,
  // for the ranking to prefer the pages that hold the most of them.
  if (candidates.length === 0) candidates = eachWord(relaxed.withCorrections, find, pool);
  else if (relaxed.corrected.length > 0) candidates = union(candidates, eachWord(relaxed.withCorrections, find, pool));
  return {results: rank(rankingInput(input, relaxed), candidates), relaxed};
}

/**
 * What the ranking compares titles and lines with: the words as typed (stop words count in titles),
 * plus the docs' words the search used in their place, and the corrected spellings only when nothing
 * else was left to search. A correction is a guess ("minio" is one letter from "minim", the stem of
 * "minimal"): its lines join the list, but they must not outrank a page that has the words typed.
 */
function rankingInput(input: string, relaxed: Relaxed): string {
  const guessesOnly = relaxed.input === relaxed.withCorrections;
  return [
    input,
    ...relaxed.replaced.map((entry) => entry.docs),
    ...(guessesOnly ? relaxed.corrected.map((c) => c.to) : []),
  ].join(' ');
}

const keyOf = (result: SearchResult) => `${result.type}:${result.document.i}`;

/** `first` and then the lines of `more` that are not in it. */
function union(first: SearchResult[], more: SearchResult[]): SearchResult[] {
  const seen = new Set(first.map(keyOf));
  return [...first, ...more.filter((result) => !seen.has(keyOf(result)))];
}

/** The results of each word of `words` searched alone, each line once, at most `pool` per word. */
function eachWord(words: string, find: (words: string) => SearchResult[], pool: number): SearchResult[] {
  const seen = new Set<string>();
  const merged: SearchResult[] = [];
  const list = words.split(/\s+/).filter(Boolean);
  if (list.length < 2) return merged;
  for (const word of list) {
    for (const result of find(word).slice(0, pool)) {
      const key = keyOf(result);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(result);
    }
  }
  return merged;
}
