import type {BodyModel, HttpMethod, OperationPageModel, ParameterModel, ResponseModel, TagRef} from '../../types';
import {codeSamples} from '../codeSamples';
import {markdownToHtml, markdownToInlineHtml, markdownToText} from '../markdown';
import {
  mergeParameters,
  resolveLocal,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type RequestBody,
  type Response,
} from '../openapi';
import {OPERATION_TREE, SchemaTreeBuilder, collectRefs} from '../schemaTree';
import {parameterAnchor, responseAnchor} from '../slug';
import {
  STATUS_TEXT,
  accessNote,
  display,
  exampleOf,
  jsonMedia,
  pretty,
  schemaExample,
  securityOptions,
  type Components,
} from './common';
import {exampleForStatus} from './errors';

export interface OperationInput {
  readonly doc: OpenApiDocument;
  readonly path: string;
  readonly method: HttpMethod;
  readonly op: Operation;
  /** Parameters declared on the path item, shared by its operations. */
  readonly shared: readonly Parameter[];
  readonly operationId: string;
  readonly tag: TagRef;
  readonly permalink: string;
  readonly server: string;
}

export interface BuiltOperation {
  readonly page: OperationPageModel;
  /** Component schemas the operation uses, for the schema pages' "Used by". */
  readonly refs: Set<string>;
}

const explodes = (p: Parameter) => p.explode ?? (p.in === 'query' && (p.style ?? 'form') === 'form');

function rawExample(p: Parameter, components: Components): unknown {
  return p.example ?? (p.examples && Object.values(p.examples)[0]?.value) ?? schemaExample(p.schema, components);
}

function parameterModel(p: Parameter, trees: SchemaTreeBuilder, components: Components): ParameterModel {
  const example = rawExample(p, components);
  const descriptionHtml = markdownToInlineHtml(p.description);
  return {
    name: p.name,
    in: p.in,
    anchor: parameterAnchor(p.in, p.name),
    required: p.in === 'path' || Boolean(p.required),
    schema: trees.build(p.schema ?? {}),
    ...(descriptionHtml && {descriptionHtml}),
    ...(example !== undefined && {example: display(example)}),
    explode: explodes(p),
  };
}

function requestBodyModel(
  input: OperationInput,
  trees: SchemaTreeBuilder,
  components: Components,
): {model?: BodyModel; example?: unknown} {
  if (!input.op.requestBody) return {};
  const body = resolveLocal<RequestBody>(input.doc, input.op.requestBody);
  const [contentType, media] = jsonMedia(body.content) ?? ['application/json', {}];
  const example = exampleOf(media, components);
  const descriptionHtml = markdownToHtml(body.description);
  return {
    example,
    model: {
      required: Boolean(body.required),
      contentType,
      ...(media.schema && {schema: trees.build(media.schema)}),
      ...(descriptionHtml && {descriptionHtml}),
      ...(example !== undefined && {example: pretty(example)}),
    },
  };
}

function responseModels(input: OperationInput, trees: SchemaTreeBuilder, components: Components): ResponseModel[] {
  return Object.entries(input.op.responses ?? {}).map(([code, value]) => {
    const response = resolveLocal<Response>(input.doc, value);
    const found = jsonMedia(response.content);
    const example = found ? exampleForStatus(code, exampleOf(found[1], components)) : undefined;
    const descriptionHtml = markdownToInlineHtml(response.description);
    return {
      code,
      anchor: responseAnchor(code),
      statusText: STATUS_TEXT[code] ?? '',
      ...(descriptionHtml && {descriptionHtml}),
      ...(found && {contentType: found[0]}),
      ...(found?.[1].schema && {schema: trees.build(found[1].schema)}),
      ...(example !== undefined && {example: pretty(example)}),
    };
  });
}

/** The page of one operation: parameters, body, responses, samples, and the schemas it uses. */
export function buildOperation(input: OperationInput): BuiltOperation {
  const {doc, op, path, method, server} = input;
  const components = doc.components?.schemas ?? {};
  const trees = new SchemaTreeBuilder(components, OPERATION_TREE);
  const own = (op.parameters ?? []).map((p) => resolveLocal<Parameter>(doc, p));
  const merged = mergeParameters(input.shared, own);
  const body = requestBodyModel(input, trees, components);
  const summary = op.summary ?? input.operationId;
  const descriptionHtml = markdownToHtml(op.description);
  const access = accessNote(op.description);
  const page: OperationPageModel = {
    operationId: input.operationId,
    method,
    path,
    summary,
    permalink: input.permalink,
    ...(op.deprecated && {deprecated: true}),
    tag: input.tag,
    ...(descriptionHtml && {descriptionHtml}),
    descriptionText: markdownToText(op.description) || summary,
    ...(access && {access}),
    security: securityOptions(doc, op),
    parameters: merged.filter((p) => p.in !== 'cookie').map((p) => parameterModel(p, trees, components)),
    ...(body.model && {requestBody: body.model}),
    responses: responseModels(input, trees, components),
    codeSamples: codeSamples({
      method,
      path,
      server,
      parameters: merged.map((p) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        example: rawExample(p, components),
        explode: explodes(p),
      })),
      body: body.example,
    }),
    defaultServer: server,
  };
  const refs = collectRefs([merged.map((p) => p.schema), op.requestBody, op.responses], components);
  return {page, refs};
}
