import type {HttpMethod} from '../httpMethods';
import type {OperationPageModel} from '../types';

/** Where one operation's page is, and what it documents. */
export interface OperationIndexEntry {
  /** The page's URL path, with the site's baseUrl: `/api/v1/exports/get-csv-url`. */
  readonly url: string;
  readonly method: HttpMethod;
  /** The path template, as in the contract: `/api/v1/csv/{jobId}`. */
  readonly path: string;
  /** The tag whose section holds the page (an untagged operation's is the reference's fallback tag). */
  readonly tag: string;
}

/**
 * The content of `api/v1/operations.json`, written beside the contract: every operationId, in the
 * contract's order, with its page. The MCP server (mcp/lib/openapi.mjs) reads it instead of
 * rebuilding page URLs, so the URL rule (tag slug, kebab-case operationId, the fallback tag) has
 * one home: the model that also makes the pages.
 */
export function operationIndex(operations: readonly OperationPageModel[]): Record<string, OperationIndexEntry> {
  return Object.fromEntries(
    operations.map((op) => [op.operationId, {url: op.permalink, method: op.method, path: op.path, tag: op.tag.name}]),
  );
}
