import React, {useEffect, useState, type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import SearchIndexNotice from '@site/src/components/SearchIndexNotice';
import {checkSearchIndex} from '@site/src/lib/searchIndex';

// Wrapper: the plugin's page stays empty when the index for `ctx`/`version` cannot be loaded.
export default function SearchPageWrapper(): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const {search} = useLocation();
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const versionUrl = `${baseUrl}${params.get('version') ?? ''}`;
    let current = true;
    void checkSearchIndex(versionUrl, params.get('ctx') ?? '', searchIndexUrl, window.location.origin).then((h) => {
      if (current) setReason(h.ok ? null : h.reason);
    });
    return () => {
      current = false;
    };
  }, [baseUrl, search]);
  return (
    <>
      {reason && (
        <div className="container margin-top--md">
          <SearchIndexNotice reason={reason} />
        </div>
      )}
      <SearchPage />
      {/* The plugin's section menu (id context-selector) has no label of its own. */}
      <label htmlFor="context-selector" className="visually-hidden">
        Search in
      </label>
    </>
  );
}
