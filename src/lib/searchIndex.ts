/**
 * The search index address and health check. The search plugin's worker builds the same address
 * (`search-index{dir}.json` under the version URL, `{dir}` = `-<context with / as ->`) and refuses
 * one on another origin; it has no error path of its own, so the site checks the index here and
 * tells the reader when search cannot work.
 */
export const UNEXPECTED_VERSION_URL = 'Unexpected version url';

/** The index URL for a version URL and search context; throws for an address on another origin. */
export function searchIndexAddress(versionUrl: string, searchContext: string, template: string, origin: string): URL {
  const dir = searchContext ? `-${searchContext.replace(/\//g, '-')}` : '';
  const url = new URL(`${versionUrl}${template.replace('{dir}', dir)}`, origin);
  if (url.origin !== origin) throw new Error(UNEXPECTED_VERSION_URL);
  return url;
}

export type IndexHealth = {ok: true} | {ok: false; reason: string};

/** True when `data` has the shape the plugin loads: a list of {documents, index}. */
export function looksLikeSearchIndex(data: unknown): boolean {
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    data.every(
      (part) =>
        typeof part === 'object' &&
        part !== null &&
        Array.isArray((part as {documents?: unknown}).documents) &&
        typeof (part as {index?: unknown}).index === 'object',
    )
  );
}

/** Fetches and parses the index; any failure becomes a reason a reader can understand. */
export async function checkSearchIndex(
  versionUrl: string,
  searchContext: string,
  template: string,
  origin: string,
  fetchFn: typeof fetch = fetch,
): Promise<IndexHealth> {
  let url: URL;
  try {
    url = searchIndexAddress(versionUrl, searchContext, template, origin);
  } catch {
    return {ok: false, reason: 'the requested docs version is not part of this site'};
  }
  try {
    const response = await fetchFn(url.href);
    if (!response.ok) return {ok: false, reason: `the search index could not be loaded (HTTP ${response.status})`};
    const data: unknown = await response.json();
    return looksLikeSearchIndex(data) ? {ok: true} : {ok: false, reason: 'the search index is damaged'};
  } catch {
    return {ok: false, reason: 'the search index could not be loaded (network error or damaged file)'};
  }
}
