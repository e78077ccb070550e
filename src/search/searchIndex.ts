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

/** `partial`: search still answers from the first-stage index (titles and headings), the rest failed. */
export type IndexHealth = {ok: true} | {ok: false; reason: string; partial?: boolean};

/**
 * True when `data` has the shape the plugin loads: a list of at least `minParts` parts, each
 * {documents, index}, in SearchDocumentType order (./documentTypes.mjs). The one check of an index file
 * for the site's worker, its health check and the docs MCP server (mcp/lib/search/search.mjs). The site
 * searches whatever parts there are (a first stage has four); a caller that reads a later part asks
 * for it.
 */
export function looksLikeSearchIndex(data: unknown, minParts = 1): boolean {
  return (
    Array.isArray(data) &&
    data.length >= Math.max(minParts, 1) &&
    data.every(
      (part) =>
        typeof part === 'object' &&
        part !== null &&
        Array.isArray((part as {documents?: unknown}).documents) &&
        typeof (part as {index?: unknown}).index === 'object' &&
        (part as {index?: unknown}).index !== null,
    )
  );
}

/** Fetches and parses the index at `href`; any failure becomes a reason a reader can understand. */
export async function indexHealthAt(href: string, fetchFn: typeof fetch = fetch): Promise<IndexHealth> {
  try {
    const response = await fetchFn(href);
    if (!response.ok) return {ok: false, reason: `the search index could not be loaded (HTTP ${response.status})`};
    const data: unknown = await response.json();
    return looksLikeSearchIndex(data) ? {ok: true} : {ok: false, reason: 'the search index is damaged'};
  } catch {
    return {ok: false, reason: 'the search index could not be loaded (network error or damaged file)'};
  }
}

/**
 * Checks the index a search in `searchContext` of `versionUrl` would load. `healthAt` does the
 * fetching and parsing: in the browser it runs in a worker (./searchIndexCheck.ts), because
 * parsing a 5 MB index on the page's thread blocks typing on a phone.
 */
export async function checkSearchIndex(
  versionUrl: string,
  searchContext: string,
  template: string,
  origin: string,
  fetchFn: typeof fetch = fetch,
  healthAt: (href: string) => Promise<IndexHealth> = (href) => indexHealthAt(href, fetchFn),
): Promise<IndexHealth> {
  let url: URL;
  try {
    url = searchIndexAddress(versionUrl, searchContext, template, origin);
  } catch {
    return {ok: false, reason: 'the requested docs version is not part of this site'};
  }
  return healthAt(url.href);
}

/** Shows a reader's value back without letting a 10,000-character query fill the page. */
export function shorten(value: string, max = 40): string {
  const chars = Array.from(value);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
}

export interface SearchParamProblem {
  readonly param: 'version' | 'ctx' | 'q';
  readonly message: string;
}

/**
 * The longest query searched, in characters: longer adds nothing a search can use, and a pasted page of
 * text would otherwise fill the search page's heading and the tab's title. The search inputs take no
 * more (./searchBox.ts for the box, src/theme/SearchPage); a longer `q` in an address is cut to it on load.
 */
export const MAX_QUERY_LENGTH = 200;

/**
 * Checks the search page's `version` and `ctx` against what the site has, so the page can say why a
 * search finds nothing instead of loading an index that does not exist. `versions` are the version
 * parameters the search bar writes (`''` for the released docs, `'next/'`); `contexts` the context paths.
 */
export function searchParamProblems(
  params: {version: string; ctx: string},
  versions: readonly string[],
  contexts: readonly string[],
): SearchParamProblem[] {
  const problems: SearchParamProblem[] = [];
  // `next` as well as the box's `next/`: the search page's version menu writes the shorter form.
  if (!versions.includes(params.version) && !versions.includes(`${params.version}/`)) {
    problems.push({param: 'version', message: `There is no docs version “${shorten(params.version)}” on this site.`});
  }
  if (params.ctx && !contexts.includes(params.ctx)) {
    problems.push({param: 'ctx', message: `There is no search section “${shorten(params.ctx)}” on this site.`});
  }
  return problems;
}

/** The `version` values the search bar writes for docs versions at these paths: '' at the root, `next/`. */
export function versionParams(versionPaths: readonly string[], baseUrl: string): string[] {
  return versionPaths.map((p) => `${p.replace(/\/$/, '')}/`.slice(baseUrl.length));
}

/**
 * For the search page's address: the problems with its `version`/`ctx`/`q`, and the address without
 * the bad `version`/`ctx` and with `q` cut to MAX_QUERY_LENGTH (null when there is nothing to fix or it
 * is not the search page).
 */
export function guardSearchParams(
  location: {pathname: string; search: string; hash: string},
  baseUrl: string,
  versions: readonly string[],
  contexts: readonly string[],
): {problems: SearchParamProblem[]; fixedUrl: string | null} {
  if (location.pathname.replace(/\/$/, '') !== `${baseUrl}search`) return {problems: [], fixedUrl: null};
  const params = new URLSearchParams(location.search);
  const problems = searchParamProblems(
    {version: params.get('version') ?? '', ctx: params.get('ctx') ?? ''},
    versions,
    contexts,
  );
  const query = Array.from(params.get('q') ?? '');
  if (query.length > MAX_QUERY_LENGTH) {
    problems.push({
      param: 'q',
      message: `Your search was ${query.length.toLocaleString('en')} characters long: only its first ${MAX_QUERY_LENGTH} are searched.`,
    });
    params.set('q', query.slice(0, MAX_QUERY_LENGTH).join(''));
  }
  if (problems.length === 0) return {problems, fixedUrl: null};
  for (const p of problems) if (p.param !== 'q') params.delete(p.param);
  const search = params.toString();
  return {problems, fixedUrl: `${location.pathname}${search ? `?${search}` : ''}${location.hash}`};
}
