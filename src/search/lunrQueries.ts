/**
 * One query variant of the plugin (./candidates.ts) over one loaded index, with the same hits as lunr's
 * `Index#query` and less of its work on the keystrokes that repeat or cannot match:
 * - **A word the index does not have.** While the reader types the second word of `table calculations`,
 *   the variants ask for lines with `table` and `calcula` as a whole word. No indexed word is `calcula`,
 *   so no line can match, but lunr 2.3.9 reads the clauses in order: it first gathers and scores every
 *   line with `table` (351 in the body text), and only then finds that `calcula` is nowhere and drops
 *   them all. Here each required word of a query of several words is first looked up in the index's
 *   word trie; when one is missing, the answer is the empty list lunr would have given.
 * - **The words already typed.** Each keystroke of the next word asks again for the whole words before
 *   it (for `table c` … `table calculations`, `table` over every index: addWithTypedStart and the
 *   variants without the last word). The answers of the last few one-word queries are kept per index:
 *   lunr's answer depends only on the index and the query.
 * Measured in node on the bench's typed prefixes (scripts/search-timing.mjs, fastest of 20 passes):
 * "table calculati" 3.0 → 0.5 ms, "user at" 2.8 → 0.7 ms.
 */
import lunr from 'lunr';
import type {SmartQuery, WrappedIndex} from './types';

type Hits = ReturnType<WrappedIndex['index']['query']>;
type BuildQuery = Parameters<WrappedIndex['index']['query']>[0];

/** The parts of a loaded lunr index that its `query` reads (lunr's typings leave `tokenSet` out). */
interface LunrIndexParts {
  fields: string[];
  pipeline: {runString(text: string, metadata: {fields: string[]}): string[]};
  tokenSet: TokenNode;
}

interface TokenNode {
  final: boolean;
  edges: Record<string, TokenNode>;
}

/** A clause of a lunr `Query` once lunr has filled in its defaults (`Query#clause`). */
interface QueryClause {
  term: string;
  fields: string[];
  usePipeline: boolean;
  presence: number;
  editDistance?: number;
}

/**
 * Builds the variant's query as the plugin's own worker does: one `query.term` per word, with new
 * options objects on every call (lunr writes the clause's defaults into them).
 */
function builder(term: SmartQuery['term']): BuildQuery {
  return (query) => {
    for (const item of term) {
      query.term(item.value, {
        wildcard: item.wildcard,
        presence: item.presence,
        ...(item.editDistance ? {editDistance: item.editDistance} : null),
      });
    }
  };
}

/**
 * True when no indexed word is `term`, or, for `term*`, none starts with it. Walks the index's word
 * trie one UTF-16 unit at a time, as lunr's `TokenSet` does; in that trie every node leads to a word,
 * so a prefix that can be walked has a word under it. False also when the term is not a plain word or
 * a word with one trailing `*` (lunr's answer is then needed).
 */
function isNoIndexedWord(tokenSet: TokenNode, term: string): boolean {
  const star = term.indexOf('*');
  if (star >= 0 && star !== term.length - 1) return false;
  const word = star >= 0 ? term.slice(0, -1) : term;
  let node: TokenNode | undefined = tokenSet;
  for (let i = 0; i < word.length; i++) {
    node = Object.hasOwn(node.edges, word[i]) ? node.edges[word[i]] : undefined;
    if (!node) return true;
  }
  return star < 0 && !node.final;
}

/**
 * True when lunr's `query` would answer nothing because a required clause has a term that expands to
 * no indexed word. Mirrors lunr 2.3.9's `Index#query`: each clause's term goes through the index's
 * search pipeline (the stemmer), and a required term with no expansion empties the set of lines every
 * required clause must match, so no line is returned. Typo-tolerant clauses and a required term that
 * the pipeline drops altogether are left to lunr.
 */
function isSurelyEmpty(index: LunrIndexParts, build: BuildQuery): boolean {
  const query = new lunr.Query(index.fields);
  build(query);
  let empty = false;
  for (const clause of query.clauses as QueryClause[]) {
    if (clause.presence !== lunr.Query.presence.REQUIRED) continue;
    if ('editDistance' in clause) return false;
    const terms = clause.usePipeline ? index.pipeline.runString(clause.term, {fields: clause.fields}) : [clause.term];
    if (terms.length === 0) return false;
    if (terms.some((term) => isNoIndexedWord(index.tokenSet, term))) empty = true;
  }
  return empty;
}

/**
 * How many one-word answers are kept per index: the words typed before the one being typed, and a few
 * more. A bound keeps a long session from holding every answer (a common word is on hundreds of lines).
 */
const KEPT_PER_INDEX = 8;
const kept = new WeakMap<object, Map<string, Hits>>();

/** The answer to a query of one whole word (no prefix, no typo), from the kept ones when asked lately. */
function queryWord(index: WrappedIndex['index'], item: SmartQuery['term'][number], build: () => Hits): Hits {
  let answers = kept.get(index);
  if (!answers) {
    answers = new Map();
    kept.set(index, answers);
  }
  const key = `${item.presence}\u0000${item.value}`;
  const known = answers.get(key);
  if (known) {
    // Most recently asked last: the first one is the one to drop.
    answers.delete(key);
    answers.set(key, known);
    return known;
  }
  const hits = build();
  answers.set(key, hits);
  if (answers.size > KEPT_PER_INDEX) answers.delete(answers.keys().next().value as string);
  return hits;
}

/**
 * The hits of one query variant (the plugin's `smartQueries` term) in `index`: exactly what
 * `index.query` gives for it. The hits may be shared with later calls: read them, never change them.
 */
export function queryIndex(index: WrappedIndex['index'], term: SmartQuery['term']): Hits {
  const build = builder(term);
  const run = () => index.query(build);
  if (term.length === 1) {
    const [item] = term;
    return item.wildcard || item.editDistance ? run() : queryWord(index, item, run);
  }
  return isSurelyEmpty(index as unknown as LunrIndexParts, build) ? [] : run();
}
