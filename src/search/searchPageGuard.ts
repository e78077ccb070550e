import siteConfig from '@generated/docusaurus.config';
import globalData from '@generated/globalData';
import {searchContextByPaths} from '@generated/@easyops-cn/docusaurus-search-local/default/generated.js';
import {guardSearchParams, versionParams, type SearchParamProblem} from './searchIndex';

/**
 * The search page of @easyops-cn/docusaurus-search-local loads the index named by `version` and `ctx`
 * as soon as it renders; for a version or section the site does not have, that fails with an
 * uncaught error and an empty page. This module runs before React hydrates: it drops such parameters
 * from the address (the reader's query is kept) and leaves the reasons for src/theme/SearchPage to show.
 * A client module: ./pluginSwaps.ts registers it.
 */
const NONE: SearchParamProblem[] = [];
let pending = NONE;

/** The problems found when the page was loaded; none after the reader moves on. Stable between calls. */
export function searchParamProblemsOnLoad(): SearchParamProblem[] {
  return pending;
}

/** For useSyncExternalStore: the list changes only on navigation, which re-renders the page anyway. */
export function subscribeToSearchParamProblems(): () => void {
  return () => {};
}

export function onRouteDidUpdate({previousLocation}: {previousLocation: unknown}): void {
  if (previousLocation) pending = NONE;
}

type ContextPath = string | {path: string};
type DocsGlobalData = {versions: {path: string}[]};

if (typeof window !== 'undefined') {
  const docs = (globalData['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsGlobalData>;
  const versions = versionParams(
    Object.values(docs).flatMap((plugin) => plugin.versions.map((v) => v.path)),
    siteConfig.baseUrl,
  );
  const contexts = ((searchContextByPaths as ContextPath[] | null) ?? []).map((c) =>
    typeof c === 'string' ? c : c.path,
  );
  const {problems, fixedUrl} = guardSearchParams(window.location, siteConfig.baseUrl, versions, contexts);
  if (fixedUrl) {
    pending = problems;
    window.history.replaceState(window.history.state, '', fixedUrl);
  }
}
