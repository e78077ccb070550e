/**
 * The search page's address (`/search?q=…&section=…&version=…`): what it asks for, what in it was
 * ignored and why, and the address for a new choice. Pure (no DOM, no router), so the page
 * (src/theme/SearchPage) and its unit test (tests/search/searchPageParams.test.ts) share it.
 *
 * Why these names: `section` and `version` are the reader's filters, with values a person can read and
 * type (`section=api`, `version=next`). The spec's older names still work, because the search box's
 * "See all results within …" link writes them: `ctx` (a search context such as `guides` or `api/v1`)
 * and `version=next/` (a version path). An address never has to be fixed for the page to work: an
 * unknown or hostile value is ignored and named in a notice, and the rest of the address still counts.
 */
import {MAX_QUERY_LENGTH, shorten} from './searchIndex';
import {RELEASED_PATCH, RELEASED_VERSION} from '../lib/releasedVersion.mjs';

/** A search context of the plugin (src/searchContexts.json): its path (`guides`, `api/v1`) and label. */
interface SearchContext {
  path: string;
  label: string;
}

/** The path of the API reference's context: its pages are under `/api/v1/`, in one version only. */
const API_CONTEXT = 'api/v1';

/**
 * `all`, `docs` (every page but the API reference), `api`, or a docs context path (`guides`, …): what
 * the `section` parameter may say.
 */
type SectionFilter = string;
/**
 * `''` is the released docs (RELEASED_VERSION, at the site root), `next` the docs under `/next/`: the values the
 * address and the form's menu carry (a form without JavaScript sends `version=` for the released docs).
 */
type VersionFilter = '' | 'next';

export interface SearchPageState {
  /** The query, cut to MAX_QUERY_LENGTH characters. */
  query: string;
  section: SectionFilter;
  version: VersionFilter;
}

export interface SearchPageParamProblem {
  readonly param: 'section' | 'version' | 'ctx' | 'q';
  readonly message: string;
}

/** One choice of the section menu: its `section` value and what the reader reads. */
interface SectionOption {
  value: SectionFilter;
  label: string;
}

/** The section menu: all, the docs, the API reference, then each docs context (Guides, …). */
export function sectionOptions(contexts: readonly SearchContext[]): SectionOption[] {
  return [
    {value: 'all', label: 'All sections'},
    {value: 'docs', label: 'Docs (all but the API reference)'},
    {value: 'api', label: 'API reference'},
    ...contexts.filter((c) => c.path !== API_CONTEXT).map((c) => ({value: c.path, label: c.label})),
  ];
}

export const VERSION_OPTIONS: readonly {value: VersionFilter; label: string}[] = [
  {value: '', label: `${RELEASED_VERSION} (released)`},
  {value: 'next', label: 'Next (unreleased)'},
];

/**
 * `version` values that mean Next: `next/` is the version path the search box writes. No other value
 * is taken for the released docs than none: ./searchPageGuard.ts drops any other from the address.
 */
const NEXT_VERSION = new Set(['next', 'next/']);

/** The state and the problems of the search page's address (`search`: `?q=…`, from the location). */
export function parseSearchPageParams(
  search: string,
  contexts: readonly SearchContext[],
): {state: SearchPageState; problems: SearchPageParamProblem[]} {
  const params = new URLSearchParams(search);
  const problems: SearchPageParamProblem[] = [];
  const chars = Array.from(params.get('q') ?? '');
  if (chars.length > MAX_QUERY_LENGTH) {
    problems.push({
      param: 'q',
      message: `Your search was ${chars.length.toLocaleString('en')} characters long: only its first ${MAX_QUERY_LENGTH} are searched.`,
    });
  }
  const query = chars.slice(0, MAX_QUERY_LENGTH).join('');

  const sections = new Set(sectionOptions(contexts).map((o) => o.value));
  let section: SectionFilter = 'all';
  const sectionParam = params.get('section');
  const ctx = params.get('ctx');
  if (sectionParam !== null && sectionParam !== '') {
    if (sections.has(sectionParam)) section = sectionParam;
    else problems.push({param: 'section', message: `There is no section “${shorten(sectionParam)}” to search in.`});
  } else if (ctx !== null && ctx !== '') {
    // The box's "See all results within …" link: a context path, `api/v1` for the API reference.
    if (ctx === API_CONTEXT) section = 'api';
    else if (contexts.some((c) => c.path === ctx)) section = ctx;
    else problems.push({param: 'ctx', message: `There is no search section “${shorten(ctx)}” on this site.`});
  }

  let version: VersionFilter = '';
  const versionParam = params.get('version') ?? '';
  if (NEXT_VERSION.has(versionParam)) version = 'next';
  else if (versionParam !== '') {
    problems.push({param: 'version', message: `There is no docs version “${shorten(versionParam)}” on this site.`});
  }
  return {state: {query, section, version}, problems};
}

/**
 * The address's query string for `state` (`?q=…&section=…&version=…`), leaving out defaults, so a plain
 * search stays `/search?q=metrics`. The spec's `ctx` is replaced by `section` once the reader chooses.
 */
export function searchPageQueryString(state: SearchPageState): string {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.section !== 'all') params.set('section', state.section);
  if (state.version) params.set('version', state.version);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Which index a search of `state` reads, and which of its results the page keeps. */
export interface SearchPlan {
  /** The version URL the index is under (`/`, `/next/`). */
  versionUrl: string;
  /** The search context of the index ('' for the all-sections index). */
  context: string;
  /** Keep only the results in the docs (not the API reference), or all of them. */
  only: 'docs' | null;
  /** Said to the reader when the plan is not quite what was asked for. */
  note: string | null;
}

/** True for an address in the API reference (`/api/v1/…`), in any version. */
export function isApiReferenceUrl(url: string): boolean {
  return /^(?:\/[^/]+)?\/api\/v1(?:\/|$)/.test(url);
}

/**
 * Where to search for `state`. The API reference has one version (the released API, RELEASED_PATCH): with
 * `section=api` it is searched whatever the version, and the reader is told. `docs` is the all-sections
 * index without the API's pages, so its order is the order of "All sections".
 */
export function searchPlan(state: SearchPageState, baseUrl: string): SearchPlan {
  const versionUrl = state.version === 'next' ? `${baseUrl}next/` : baseUrl;
  if (state.section === 'api') {
    return {
      versionUrl: baseUrl,
      context: API_CONTEXT,
      only: null,
      note:
        state.version === 'next'
          ? `The API reference has one version (${RELEASED_PATCH}): its results are the same for Next.`
          : null,
    };
  }
  if (state.section === 'docs') return {versionUrl, context: '', only: 'docs', note: null};
  return {versionUrl, context: state.section === 'all' ? '' : state.section, only: null, note: null};
}

/** The section label of a result's page (`Guides`, `API Reference`), from its address; `Docs` elsewhere. */
export function sectionLabelOf(url: string, contexts: readonly SearchContext[]): string {
  const path = url.replace(/^\/next(?=\/)/, '');
  const context = contexts.find((c) => path === `/${c.path}` || path.startsWith(`/${c.path}/`));
  return context ? context.label : 'Docs';
}
