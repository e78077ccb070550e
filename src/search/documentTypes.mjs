/**
 * What an indexed line of the search plugin is: its SearchDocumentType
 * (@easyops-cn/docusaurus-search-local, dist/server/shared/interfaces.js), named once here. The type is
 * also the position of the line's part in a search index file: part 0 holds the titles, part 4 the body
 * text. A plain `.mjs` module, so that scripts/search-indexes.mjs, which Node runs without the loader
 * hooks, imports the same names as the site's TypeScript; other code outside src/search takes them from
 * ./engine.ts, the search's front door.
 */
export const SearchDocumentType = Object.freeze({
  /** A page's title. */
  Title: 0,
  /** A heading (`h` is its `#anchor`). */
  Heading: 1,
  /** A page's description (front matter). */
  Description: 2,
  /** A page's keywords: on API pages the operation's route, operationId and tag, or a schema's name. */
  Keywords: 3,
  /** A paragraph of body text (`s` is the heading it is under). */
  Content: 4,
});
