import React, {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import SearchIndexNotice from '@site/src/components/SearchIndexNotice';
import searchContexts from '@site/src/searchContexts.json';
import {indexHealthInWorker} from '@site/src/search/searchIndexCheck';
import {checkSearchIndex, MAX_QUERY_LENGTH, shorten} from '@site/src/search/searchIndex';
import {searchPageByWorker} from '@site/src/search/searchByWorker';
import {
  isApiReferenceUrl,
  parseSearchPageParams,
  searchPageQueryString,
  searchPlan,
  sectionLabelOf,
  sectionOptions,
  VERSION_OPTIONS,
  type SearchPageParamProblem,
  type SearchPageState,
} from '@site/src/search/searchPageParams';
import {snippetOf, type SnippetPart} from '@site/src/search/snippet';
import {answerKey, hitUrl, PAGE_RESULTS, statusText, TYPING_PAUSE_MS, type Answer} from '@site/src/search/searchPage';
import type {SearchResult} from '@site/src/search/types';
import {SearchDocumentType} from '@site/src/search/documentTypes.mjs';
import {searchParamProblemsOnLoad, subscribeToSearchParamProblems} from '@site/src/search/searchPageGuard';
import styles from './styles.module.css';

/**
 * The site's search results page (issue 34): the same ranked search as the navbar box
 * (src/search, through the search worker's `searchPage`), every hit with its section, title,
 * heading and a highlighted snippet, and filters for section and docs version kept in the address
 * (src/search/searchPageParams.ts). The server's HTML has the form (a GET form to this page), so
 * the page is usable before and without its script; results need the script (the index is searched in
 * the browser).
 */

const CONTEXTS = searchContexts as {path: string; label: string}[];
const SECTION_OPTIONS = sectionOptions(CONTEXTS);

/**
 * Why the address's `version`/`ctx`/`section` were not used or its `q` cut (src/search/searchPageGuard.ts
 * on load, src/search/searchPageParams.ts after), and what is shown instead.
 */
function ParamProblems({problems}: {problems: SearchParamProblem[]}): ReactNode {
  return (
    <div role="alert" className="alert alert--warning margin-bottom--md">
      {problems.map((p) => (
        <p key={p.param} className="margin-bottom--sm">
          {p.message}
        </p>
      ))}
      {problems.some((p) => p.param !== 'q') && 'Showing results from all sections of the current docs instead.'}
    </div>
  );
}

type SearchParamProblem = Pick<SearchPageParamProblem, 'message'> & {param: string};

const NO_PROBLEMS: SearchParamProblem[] = [];

/** Text with its marked parts as <mark> elements (React text: nothing in it becomes markup). */
function Marked({parts}: {parts: SnippetPart[]}): ReactNode {
  return parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text));
}

/** What a hit shows: its page's title, the heading it is under, and the text that matched. */
function partsOf(result: SearchResult): {title: ReactNode; heading: ReactNode; snippet: ReactNode} {
  const {document, type, page, metadata, tokens} = result;
  const pageTitle = type === SearchDocumentType.Title ? document.t : page ? page.t : (document.s ?? document.t);
  const marked = (text: string, max?: number) => <Marked parts={snippetOf(text, metadata, tokens, max)} />;
  switch (type) {
    case SearchDocumentType.Title:
      return {title: marked(document.t, 300), heading: null, snippet: null};
    case SearchDocumentType.Heading:
      return {title: pageTitle, heading: marked(document.t, 300), snippet: null};
    case SearchDocumentType.Content:
      return {
        title: pageTitle,
        heading: document.s && document.s !== pageTitle ? document.s : null,
        snippet: marked(document.t),
      };
    default:
      // A page's description or its keywords: the line itself is the matching text.
      return {title: pageTitle, heading: null, snippet: marked(document.t)};
  }
}

function Hit({result}: {result: SearchResult}): ReactNode {
  const {title, heading, snippet} = partsOf(result);
  const breadcrumb =
    (result.type === SearchDocumentType.Title ? result.document.b : result.page ? result.page.b : undefined) ?? [];
  const section = sectionLabelOf(result.document.u, CONTEXTS);
  const crumbs = breadcrumb.filter((crumb) => crumb !== 'Docs' && crumb !== section);
  return (
    <li className={styles.hit}>
      <article>
        <h2 className={styles.hitTitle}>
          <Link to={hitUrl(result)}>
            {title}
            {heading && (
              <>
                <span aria-hidden="true"> › </span>
                <span className="visually-hidden">, section </span>
                {heading}
              </>
            )}
          </Link>
        </h2>
        <p className={styles.hitPath}>
          <span className={styles.hitSection}>{section}</span>
          {crumbs.map((crumb) => ` › ${crumb}`)}
        </p>
        {snippet && <p className={styles.hitSnippet}>{snippet}</p>}
      </article>
    </li>
  );
}

export default function SearchPage(): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const isBrowser = useIsBrowser();
  const location = useLocation();
  const history = useHistory();
  // The server's HTML has no address to read: the page renders as for an empty query until hydrated.
  const search = isBrowser ? location.search : '';
  const {state, problems: addressProblems} = useMemo(() => parseSearchPageParams(search, CONTEXTS), [search]);
  // The server snapshot is empty, so the server-rendered page (which has no address) and hydration agree.
  const loadProblems = useSyncExternalStore(
    subscribeToSearchParamProblems,
    searchParamProblemsOnLoad,
    () => NO_PROBLEMS,
  );
  const problems = useMemo(() => [...loadProblems, ...addressProblems], [loadProblems, addressProblems]);
  const plan = useMemo(() => searchPlan(state, baseUrl), [state, baseUrl]);

  const [draft, setDraft] = useState('');
  /** The query this page last wrote into the address: an address change by anyone else resets the box. */
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (state.query !== written.current) setDraft(state.query);
    written.current = null;
  }, [state.query]);

  /** A new address for `next` (history replace: the back button leaves the page, filters kept). */
  const show = useCallback(
    (next: SearchPageState) => {
      written.current = next.query;
      history.replace({search: searchPageQueryString(next), hash: ''});
    },
    [history],
  );

  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  const onQueryChange = (event: ChangeEvent<HTMLInputElement>) => {
    const query = event.target.value;
    setDraft(query);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => show({...state, query}), TYPING_PAUSE_MS);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Without the script the browser sends the same form as a GET to this page.
    event.preventDefault();
    clearTimeout(typingTimer.current);
    show({...state, query: draft});
  };

  const key = answerKey(state.query, plan);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const query = state.query.trim();
    if (!query) return undefined;
    let current = true;
    // The list on show stays until the new one is in (marked busy), so typing does not blank it.
    const run = async () => {
      setBusy(true);
      setFailed(false);
      const first = await searchPageByWorker(plan.versionUrl, plan.context, query, PAGE_RESULTS);
      if (!current) return;
      // An empty first stage (titles and headings) says nothing yet: the text of the pages may match.
      if (first.complete || first.results.length > 0) setAnswer({key, ...first});
      if (!first.complete) {
        const whole = await searchPageByWorker(plan.versionUrl, plan.context, query, PAGE_RESULTS, true);
        if (!current) return;
        setAnswer({key, ...whole, complete: true});
      }
      setBusy(false);
    };
    run().catch(() => {
      if (!current) return;
      setFailed(true);
      setBusy(false);
    });
    return () => {
      current = false;
    };
  }, [state.query, plan, key]);

  const [indexProblem, setIndexProblem] = useState<{reason: string; partial?: boolean} | null>(null);
  useEffect(() => {
    // Without a query there is nothing to search yet, and nothing is loaded.
    if (!state.query.trim()) return undefined;
    let current = true;
    void checkSearchIndex(
      plan.versionUrl,
      plan.context,
      searchIndexUrl,
      window.location.origin,
      fetch,
      indexHealthInWorker,
    ).then((h) => {
      if (current) setIndexProblem(h.ok ? null : h);
    });
    return () => {
      current = false;
    };
  }, [state.query, plan]);

  // While a new query is searched, the last list stays on show (busy); an emptied query shows none.
  const hasQuery = state.query.trim() !== '';
  const current = answer?.key === key;
  const results = (answer && hasQuery && (current || busy) ? answer.results : []).filter(
    (r) => plan.only !== 'docs' || !isApiReferenceUrl(r.document.u),
  );
  const status = statusText(state.query.trim(), answer, current, results.length, failed);
  const pageTitle = state.query ? `Search results for "${state.query}"` : 'Search the documentation';

  return (
    <Layout>
      <PageMetadata
        title={pageTitle}
        description="Search the Lightdash documentation and API reference: guides, references, self-hosting and every API operation."
      />
      <Head>
        {/* A results page is not a page to find in search engines; its links are. */}
        <meta name="robots" content="noindex, follow" />
      </Head>
      <main className="container margin-vert--lg">
        <h1 className={styles.title}>{pageTitle}</h1>
        {problems.length > 0 && <ParamProblems problems={problems} />}
        {indexProblem && <SearchIndexNotice reason={indexProblem.reason} partial={indexProblem.partial} />}
        <form
          role="search"
          aria-label="Search the docs"
          action={`${baseUrl}search`}
          method="get"
          onSubmit={onSubmit}
          className={styles.form}
        >
          <div className={`${styles.field} ${styles.queryField}`}>
            <label htmlFor="search-page-query">Search</label>
            <input
              id="search-page-query"
              type="search"
              name="q"
              value={draft}
              onChange={onQueryChange}
              maxLength={MAX_QUERY_LENGTH}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="search-page-section">Section</label>
            <select
              id="search-page-section"
              name="section"
              value={state.section}
              onChange={(e) => show({...state, query: draft, section: e.target.value})}
            >
              {SECTION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="search-page-version">Docs version</label>
            <select
              id="search-page-version"
              name="version"
              value={state.version}
              onChange={(e) => show({...state, query: draft, version: e.target.value === 'next' ? 'next' : ''})}
            >
              {VERSION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        <noscript>
          <p>
            Search runs in your browser and needs JavaScript to show results. Without it, browse the docs from the{' '}
            <a href={baseUrl}>home page</a> and the sidebar.
          </p>
        </noscript>
        <p role="status" className={styles.status}>
          {status}
        </p>
        {answer && current && answer.ignored.length > 0 && (
          <p className={styles.note}>
            Ignored: {answer.ignored.map((word) => shorten(word)).join(', ')}{' '}
            <span className={styles.why}>(on no page of this section, or only saying that something is wrong)</span>
          </p>
        )}
        {plan.note && state.query && <p className={styles.note}>{plan.note}</p>}
        {results.length > 0 && (
          <ol className={styles.hits} aria-label="Search results" aria-busy={busy}>
            {results.map((result) => (
              <Hit key={`${result.type}:${result.document.i}`} result={result} />
            ))}
          </ol>
        )}
        {answer && current && !busy && results.length === 0 && answer.closest.length > 0 && (
          <section aria-labelledby="closest-pages">
            <h2 id="closest-pages" className={styles.closestTitle}>
              Pages with the closest titles
            </h2>
            <ul>
              {answer.closest.map((p) => (
                <li key={p.url}>
                  <Link to={p.url}>{p.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </Layout>
  );
}
