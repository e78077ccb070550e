import React, {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useActivePlugin, useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import SearchIndexNotice from '@site/src/components/SearchIndexNotice';
import {indexHealthInWorker} from '@site/src/search/searchIndexCheck';
import {checkSearchIndex} from '@site/src/search/searchIndex';
import {useEarlyText, useNoFocusTheft} from '@site/src/search/searchBox';
import {searchTracker} from '@site/src/search/searchAnalytics';

/**
 * Wrapper: when the index behind the box cannot be loaded, the plugin's box spins forever. On the
 * reader's first focus, check the same index (the plugin's version URL and context rules) and say
 * so when it is unavailable. While it is, every focus checks again (the worker asks anew for an index
 * that failed), and when the browser comes back online the plugin's box starts afresh: it keeps a
 * failed load as "loading" and would never ask again.
 */
export default function SearchBarWrapper(props: Record<string, unknown>): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const version = useActiveVersion(useActivePlugin()?.pluginId);
  const versionUrl = version && !version.isLast ? `${version.path}/` : baseUrl;
  const [problem, setProblem] = useState<{reason: string; partial?: boolean} | null>(null);
  const [checked, setChecked] = useState('');
  const [attempt, setAttempt] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  useNoFocusTheft(container, attempt);
  useEarlyText(container);

  // The box searches the version's whole-site index on every page (src/search/sectionFavour.ts): that
  // is the one to check.
  const check = useCallback(() => {
    if (versionUrl === checked && !problem) return;
    setChecked(versionUrl);
    void checkSearchIndex(versionUrl, '', searchIndexUrl, window.location.origin, fetch, indexHealthInWorker).then(
      (h) => setProblem(h.ok ? null : h),
    );
  }, [versionUrl, checked, problem]);

  useEffect(() => {
    if (!problem) return undefined;
    const onOnline = () => {
      setProblem(null);
      setChecked('');
      setAttempt((n) => n + 1);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [problem]);

  return (
    <div
      ref={container}
      style={{position: 'relative'}}
      onFocus={check}
      onMouseEnter={check}
      onBlur={(event) => {
        // Focus leaving the box and its suggestions (not moving between them): the search may have been left.
        if (!container.current?.contains(event.relatedTarget as Node | null)) searchTracker()?.boxLeft();
      }}
    >
      <SearchBar key={attempt} {...props} />
      {problem && <SearchIndexNotice reason={problem.reason} partial={problem.partial} compact />}
    </div>
  );
}
