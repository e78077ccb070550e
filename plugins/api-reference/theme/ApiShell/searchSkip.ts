/**
 * Marks blocks the site search should skip (schema trees, examples, code samples): with
 * `ignoreCssSelectors: ['.api-search-skip']` in the search theme's options, the API index keeps
 * titles, paths, descriptions and parameters only. Its own module so a component used outside the
 * API pages (the instance setting of the recipes) does not bring the API shell along.
 */
export const SEARCH_SKIP = 'api-search-skip';
