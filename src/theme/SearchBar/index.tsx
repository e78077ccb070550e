import React, {useCallback, useState, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {useActivePlugin, useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import {searchContextByPaths} from '@generated/@easyops-cn/docusaurus-search-local/default/generated.js';
import SearchIndexNotice from '@site/src/components/SearchIndexNotice';
import {checkSearchIndex} from '@site/src/lib/searchIndex';

type ContextPath = string | {path: string};

/**
 * Wrapper: when the index behind the box cannot be loaded, the plugin's box spins forever. On the
 * reader's first focus, check the same index (the plugin's version URL and context rules) and say
 * so when it is unavailable.
 */
export default function SearchBarWrapper(props: Record<string, unknown>): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const {pathname} = useLocation();
  const version = useActiveVersion(useActivePlugin()?.pluginId);
  const versionUrl = version && !version.isLast ? `${version.path}/` : baseUrl;
  const [reason, setReason] = useState<string | null>(null);
  const [checked, setChecked] = useState('');

  const check = useCallback(() => {
    const uri = pathname.startsWith(versionUrl) ? pathname.slice(versionUrl.length) : '';
    const context =
      (searchContextByPaths as ContextPath[] | null)
        ?.map((c) => (typeof c === 'string' ? c : c.path))
        .find((p) => uri === p || uri.startsWith(`${p}/`)) ?? '';
    const key = `${versionUrl}|${context}`;
    if (key === checked) return;
    setChecked(key);
    void checkSearchIndex(versionUrl, context, searchIndexUrl, window.location.origin).then((h) =>
      setReason(h.ok ? null : h.reason),
    );
  }, [pathname, versionUrl, checked]);

  return (
    <div style={{position: 'relative'}} onFocus={check} onMouseEnter={check}>
      <SearchBar {...props} />
      {reason && <SearchIndexNotice reason={reason} compact />}
    </div>
  );
}
