import React, {useEffect, useState, useSyncExternalStore, type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import SearchIndexNotice from '@site/src/components/SearchIndexNotice';
import {indexHealthInWorker} from '@site/src/lib/searchIndexCheck';
import {checkSearchIndex, MAX_QUERY_LENGTH, type SearchParamProblem} from '@site/src/lib/searchIndex';
import {searchParamProblemsOnLoad, subscribeToSearchParamProblems} from '@site/plugins/search-guard/client';

/**
 * Why the address's `version`/`ctx` were dropped or its `q` cut (plugins/search-guard/client.ts), and
 * what is shown instead.
 */
function ParamProblems({problems}: {problems: SearchParamProblem[]}): ReactNode {
  return (
    <div role="alert" className="alert alert--warning margin-top--md">
      {problems.map((p) => (
        <p key={p.param} className="margin-bottom--sm">
          {p.message}
        </p>
      ))}
      {problems.some((p) => p.param !== 'q') && 'Showing results from all sections of the current docs instead.'}
    </div>
  );
}

const NO_PROBLEMS: SearchParamProblem[] = [];

// Wrapper: the plugin's page stays empty when the index for `ctx`/`version` cannot be loaded.
export default function SearchPageWrapper(): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const {search} = useLocation();
  // The server snapshot is empty, so the server-rendered page (which has no address) and hydration agree.
  const problems = useSyncExternalStore(subscribeToSearchParamProblems, searchParamProblemsOnLoad, () => NO_PROBLEMS);
  const [problem, setProblem] = useState<{reason: string; partial?: boolean} | null>(null);

  useEffect(() => {
    // The plugin's input is controlled, so a limit on the element itself is what stops a paste.
    const input = document.querySelector<HTMLInputElement>('main input[name="q"], .container input[name="q"]');
    if (input) input.maxLength = MAX_QUERY_LENGTH;
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(search);
    // Without a query there is nothing to search yet. The check parses the whole index on the page's
    // thread (the plugin's worker loads its own copy), a long task on a phone, so it waits for a query.
    if (!params.get('q')?.trim()) return undefined;
    let current = true;
    const versionUrl = `${baseUrl}${params.get('version') ?? ''}`;
    void checkSearchIndex(
      versionUrl,
      params.get('ctx') ?? '',
      searchIndexUrl,
      window.location.origin,
      fetch,
      indexHealthInWorker,
    ).then((h) => {
      if (current) setProblem(h.ok ? null : h);
    });
    return () => {
      current = false;
    };
  }, [baseUrl, search]);

  return (
    <>
      {/* The plugin's page sets a title but no description, which search engines and link previews need. */}
      <PageMetadata description="Search the Lightdash documentation and API reference: guides, references, self-hosting and every API operation." />
      <div className="container">
        {problems.length > 0 && <ParamProblems problems={problems} />}
        {problem && <SearchIndexNotice reason={problem.reason} partial={problem.partial} />}
      </div>
      <SearchPage />
      {/* The plugin's section menu (id context-selector) has no label of its own. */}
      <label htmlFor="context-selector" className="visually-hidden">
        Search in
      </label>
    </>
  );
}
