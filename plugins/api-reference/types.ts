/**
 * The page models the plugin writes with createData and the API reference components read as
 * props. Everything here is plain JSON: markdown is already HTML and code is already generated.
 */

import type {HttpMethod} from './httpMethods';

export type {HttpMethod};

/** One node of a readable schema tree (a property, an array item, a oneOf variant...). */
export interface SchemaNode {
  /** Property name, or the label of a variant (its discriminator value or schema name). */
  readonly name?: string;
  readonly required?: boolean;
  /** Human type label: `string`, `integer <int32>`, `object`, `array`, `oneOf`... */
  readonly type: string;
  /** Component schema the node came from; linked to its schema page. */
  readonly ref?: string;
  readonly nullable?: boolean;
  readonly descriptionHtml?: string;
  /** Allowed values, JSON-encoded (`"ok"`, `1`, `null`). */
  readonly enum?: readonly string[];
  /** Other rules worth reading: pattern, minimum, default, "no other properties"... */
  readonly constraints?: readonly string[];
  /** Object properties. */
  readonly children?: readonly SchemaNode[];
  /** The item schema of an array. */
  readonly items?: SchemaNode;
  /** Values of a map (additional/unevaluated properties with a schema). */
  readonly values?: SchemaNode;
  /** oneOf / anyOf / allOf alternatives. */
  readonly combinator?: 'oneOf' | 'anyOf' | 'allOf';
  readonly variants?: readonly SchemaNode[];
  /** Property whose value picks the oneOf variant. */
  readonly discriminator?: string;
  /** Schemas an allOf merged in (linked). */
  readonly extends?: readonly string[];
  /** A $ref that is not expanded here (cycle or depth limit): read it on its schema page. */
  readonly truncated?: boolean;
}

export interface ParameterModel {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  /** Stable anchor: `param-<in>-<name>`. */
  readonly anchor: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
  readonly descriptionHtml?: string;
  /** Example as the reader would type it (strings unquoted, arrays comma-joined). */
  readonly example?: string;
  /** Arrays in the query string: repeat the name (`a=1&a=2`) or join with commas. */
  readonly explode: boolean;
}

export interface BodyModel {
  readonly required: boolean;
  readonly contentType: string;
  readonly schema?: SchemaNode;
  readonly descriptionHtml?: string;
  /** Pretty-printed JSON example, if any. */
  readonly example?: string;
}

export interface ResponseModel {
  /** `200`, `404`, `default`. */
  readonly code: string;
  /** Stable anchor: `response-<code>`. */
  readonly anchor: string;
  /** `OK`, `Not Found`, `Any other status`. */
  readonly statusText: string;
  readonly descriptionHtml?: string;
  readonly contentType?: string;
  readonly schema?: SchemaNode;
  readonly example?: string;
}

export interface CodeSample {
  /** Stable key (`curl`, `javascript`, `python`, `go`). */
  readonly id: string;
  readonly label: string;
  /** Prism language of the highlighted block. */
  readonly language: string;
  readonly code: string;
}

export interface SecurityOption {
  readonly label: string;
  /** What to send, e.g. `Authorization: ApiKey <token>`. */
  readonly code?: string;
}

export interface AccessNote {
  readonly label: string;
  readonly text: string;
}

export interface OperationSummary {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly permalink: string;
  readonly deprecated?: boolean;
}

export interface TagRef {
  readonly name: string;
  readonly slug: string;
  readonly permalink: string;
}

export interface OperationPageModel extends OperationSummary {
  readonly tag: TagRef;
  readonly descriptionHtml?: string;
  /** Plain-text description for the meta description. */
  readonly descriptionText: string;
  readonly access?: AccessNote;
  /** The ways the call can be authenticated (any one of them). */
  readonly security: readonly SecurityOption[];
  readonly parameters: readonly ParameterModel[];
  readonly requestBody?: BodyModel;
  readonly responses: readonly ResponseModel[];
  readonly codeSamples: readonly CodeSample[];
  /** Base URL the samples and the try-it console start from. */
  readonly defaultServer: string;
}

export interface TagPageModel extends TagRef {
  readonly descriptionHtml?: string;
  readonly descriptionText: string;
  readonly operations: readonly OperationSummary[];
}

export interface SchemaPageModel {
  readonly name: string;
  readonly permalink: string;
  readonly descriptionHtml?: string;
  readonly descriptionText: string;
  readonly schema: SchemaNode;
  readonly example?: string;
  /** Operations whose parameters, body or responses use this schema. */
  readonly usedBy: readonly OperationSummary[];
}

export interface SchemaIndexModel {
  readonly permalink: string;
  readonly schemas: readonly {readonly name: string; readonly permalink: string; readonly summary: string}[];
}

export interface OverviewSection {
  readonly id: string;
  readonly title: string;
  readonly html: string;
}

export interface OverviewPageModel {
  readonly title: string;
  readonly version: string;
  readonly basePath: string;
  readonly introHtml: string;
  readonly sections: readonly OverviewSection[];
  readonly downloads: {readonly json: string; readonly yaml: string};
  readonly tags: readonly (TagRef & {
    readonly descriptionHtml?: string;
    readonly operations: readonly OperationSummary[];
  })[];
  /** A first call to copy, with the key read from the environment. */
  readonly firstCall?: {readonly summary: string; readonly permalink: string; readonly code: string};
  readonly defaultServer: string;
  /** For old Redoc deep links: normalised operationId / tag name → permalink. */
  readonly deepLinks: {
    readonly operations: Readonly<Record<string, string>>;
    readonly tags: Readonly<Record<string, string>>;
  };
}

export type SidebarOperation = Pick<OperationSummary, 'operationId' | 'method' | 'summary' | 'permalink'>;

export interface SidebarModel {
  readonly overview: string;
  readonly schemas: string;
  readonly tags: readonly (TagRef & {readonly operations: readonly SidebarOperation[]})[];
}

/** Where the reader is, for the sidebar and breadcrumbs. */
export interface Location {
  readonly tagSlug?: string;
  readonly operationId?: string;
  readonly schemas?: boolean;
}
