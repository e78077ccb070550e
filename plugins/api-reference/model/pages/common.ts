import type {AccessNote, OperationPageModel, OperationSummary, SecurityOption} from '../../types';
import {refName, type MediaType, type OpenApiDocument, type Operation, type Schema} from '../openapi';

/** Route segment that holds the schema pages; no tag may take it. */
export const SCHEMAS_SEGMENT = 'schemas';

export type Components = Readonly<Record<string, Schema>>;

export const STATUS_TEXT: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  default: 'Any other status',
};

/** `{instanceUrl}` with its default filled in: where samples and the try-it console start. */
export function defaultServer(doc: OpenApiDocument): string {
  const server = doc.servers?.[0];
  if (!server) return 'https://app.lightdash.cloud';
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
}

/**
 * Who may call an operation, when its description says so: "Organization admins only." becomes the
 * required role "Organization admin"; "Only … may call this." is quoted as it is.
 */
export function accessNote(description: string | undefined): AccessNote | undefined {
  const text = (description ?? '').replace(/\s+/g, ' ');
  const role = /\b([A-Z][a-z]+) admins only\./.exec(text);
  if (role) return {label: 'Required role', text: `${role[1]} admin`};
  const only = /(?:^|\. )(Only [^.]*? may call this\.)/.exec(text);
  if (only) return {label: 'Who may call this', text: only[1]};
  return undefined;
}

export function exampleOf(media: MediaType | undefined, components: Components): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  if (first?.value !== undefined) return first.value;
  return schemaExample(media.schema, components);
}

export function schemaExample(schema: Schema | undefined, components: Components): unknown {
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.$ref) return schemaExample(components[refName(schema.$ref)], components);
  if (schema.allOf?.length === 1) return schemaExample(schema.allOf[0], components);
  return undefined;
}

/** Pretty-printed JSON, or undefined. */
export const pretty = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value, null, 2));

/** A parameter example as a reader types it: strings unquoted, arrays of scalars comma-joined. */
export const display = (value: unknown) => {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(',');
  return JSON.stringify(value);
};

/** The JSON media type of a body or response, else its first one. */
export function jsonMedia(content: Readonly<Record<string, MediaType>> | undefined): [string, MediaType] | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  return entries.find(([type]) => /json/.test(type)) ?? entries[0];
}

export function securityOptions(doc: OpenApiDocument, op: Operation): SecurityOption[] {
  const requirements = op.security ?? doc.security ?? [];
  if (requirements.length === 0) return [{label: 'None: this call needs no authentication'}];
  const schemes = doc.components?.securitySchemes ?? {};
  return requirements.map((req) => {
    const options = Object.keys(req).map((name): SecurityOption => {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name === 'Authorization') {
        return {label: 'Personal access token', code: 'Authorization: ApiKey <token>'};
      }
      if (scheme?.type === 'apiKey' && scheme.in === 'cookie') return {label: 'Session cookie', code: scheme.name};
      if (scheme?.type === 'apiKey') return {label: name, code: `${scheme.name}: <key>`};
      return {label: name};
    });
    return options.length === 1
      ? options[0]
      : {label: options.map((o) => (o.code ? `${o.label} (${o.code})` : o.label)).join(' and ')};
  });
}

/** What lists and the sidebar show of an operation. */
export function summaryOf(op: OperationPageModel): OperationSummary {
  return {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    summary: op.summary,
    permalink: op.permalink,
    ...(op.deprecated && {deprecated: true}),
  };
}
