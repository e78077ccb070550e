/**
 * Old links into the Redoc page (`/api/v1/#tag/<Tag>/operation/<operationId>`) must still land on
 * the right page. Used at build time (to key the lookup tables) and in the browser (overview page).
 */

/** Case, spaces, underscores and hyphens are ignored: `Get_Space`, `getspace` and `getSpace` match. */
export function deepLinkKey(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

export interface DeepLinkTables {
  readonly operations: Readonly<Record<string, string>>;
  readonly tags: Readonly<Record<string, string>>;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * The page a Redoc hash points to, or null when it is not a Redoc link or names nothing we know.
 * Accepts `#tag/<Tag>`, `#tag/<Tag>/operation/<id>` and `#operation/<id>`.
 */
export function resolveRedocHash(hash: string, tables: DeepLinkTables): string | null {
  const parts = hash.replace(/^#/, '').split('/').map(decode);
  let tag: string | undefined;
  let operation: string | undefined;
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (parts[i] === 'tag') tag = parts[i + 1];
    else if (parts[i] === 'operation') operation = parts[i + 1];
  }
  const byOperation = operation ? tables.operations[deepLinkKey(operation)] : undefined;
  if (byOperation) return byOperation;
  return (tag && tables.tags[deepLinkKey(tag)]) || null;
}
