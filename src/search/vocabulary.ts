/**
 * Readers' words for what the docs call something else: "iframe" for embedding, "env var" for an
 * environment variable, "calculated field" (Tableau's word) for a table calculation. When a question
 * finds no line with all its words, each reader's phrase found in it is replaced by the docs' words
 * before the search relaxes (./relax.ts), so the question meets the page that answers it.
 *
 * How to add an entry: `reader` is the phrase as readers type it, lower case, words split as the search
 * splits them (spaces and hyphens); `docs` is the docs' own phrase for the same thing. The test
 * tests/search/vocabulary.test.ts checks that each `docs` phrase is on some page of the build and that
 * the reader's phrase, typed with a word no page has, finds a page with the docs' words. Keep entries
 * general (a word many readers use), not the wording of one question.
 */
export interface VocabularyEntry {
  reader: string;
  docs: string;
}

export const VOCABULARY: readonly VocabularyEntry[] = [
  {reader: 'iframe', docs: 'embed'},
  {reader: 'env var', docs: 'environment variable'},
  {reader: 'env vars', docs: 'environment variables'},
  {reader: 'envvar', docs: 'environment variable'},
  {reader: 'single sign on', docs: 'sso'},
  {reader: 'k8s', docs: 'kubernetes'},
  {reader: 'calculated field', docs: 'table calculation'},
  {reader: 'computed column', docs: 'table calculation'},
  {reader: 'measure', docs: 'metric'},
  {reader: 'measures', docs: 'metrics'},
  {reader: 'kpi', docs: 'big number'},
  {reader: 'row level security', docs: 'user attributes'},
  {reader: 'rls', docs: 'user attributes'},
  {reader: 'api key', docs: 'personal access token'},
  {reader: 'pat', docs: 'personal access token'},
  {reader: 'bq', docs: 'bigquery'},
  {reader: 'postgresql', docs: 'postgres'},
  {reader: 'timezone', docs: 'time zone'},
  {reader: 'sign in', docs: 'log in'},
  {reader: 'signin', docs: 'log in'},
  {reader: 'cicd', docs: 'ci'},
  {reader: 'email report', docs: 'scheduled delivery'},
  {reader: 'drilldown', docs: 'drill'},
  // Words from real readers' questions (tests/search/real-questions.yaml): Lightdash's old name for time
  // intervals, the older word for an allow-list of IP addresses, and links on values (the dimension `urls` key).
  {reader: 'timeframes', docs: 'time intervals'},
  {reader: 'whitelist', docs: 'allow list'},
  {reader: 'hyperlinks', docs: 'urls'},
];

/** The entries as word lists, longest phrase first so "env vars" wins over "env var". */
const PHRASES = VOCABULARY.map((entry) => ({
  reader: entry.reader.split(/[-\s]+/).filter(Boolean),
  docs: entry.docs,
})).sort((a, b) => b.reader.length - a.reader.length);

/**
 * `words` (tokens, lower case) with each reader's phrase replaced by the docs' words, and the
 * replacements made, for a view that names them. Words are compared whole, never as patterns.
 */
export function withDocsWords(words: readonly string[]): {words: string[]; replaced: VocabularyEntry[]} {
  const out: string[] = [];
  const replaced: VocabularyEntry[] = [];
  for (let i = 0; i < words.length;) {
    const match = PHRASES.find(({reader}) => reader.every((word, k) => words[i + k] === word));
    if (match) {
      out.push(...match.docs.split(/\s+/));
      replaced.push({reader: match.reader.join(' '), docs: match.docs});
      i += match.reader.length;
    } else {
      out.push(words[i]);
      i += 1;
    }
  }
  return {words: out, replaced};
}
