/**
 * The HTTP methods an OpenAPI path item can hold, in the order the specification lists them. The
 * reference reads a path's operations in this order, which fixes the order of the contract's
 * operations everywhere they are listed (pages, sidebar, operations.json).
 */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The order a tag page lists the operations of one path in: reads first, then writes, then the rest. */
export const METHOD_ORDER: readonly HttpMethod[] = [
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'head',
  'options',
  'trace',
];
