/** `Roles & Permissions` → `roles-permissions`; `SSH Keypairs` → `ssh-keypairs`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Anchor of a parameter row: `param-query-pageSize` (the name keeps its case, it is an identifier). */
export function parameterAnchor(location: string, name: string): string {
  return `param-${location}-${name.replace(/[^A-Za-z0-9_.-]+/g, '-')}`;
}

/** Anchor of a response: `response-200`, `response-default`. */
export function responseAnchor(code: string): string {
  return `response-${code.toLowerCase()}`;
}

/**
 * URL segment of an operation page: the operationId in kebab case. The real Lightdash operationIds mix camelCase,
 * PascalCase and one with spaces (`Rotate personal access token`); kebab case gives every one a clean,
 * case-insensitive segment: `GetMyOrganization` → `get-my-organization`, `getCsvUrl` → `get-csv-url`.
 */
export function operationSlug(operationId: string): string {
  return slugify(operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2'));
}
