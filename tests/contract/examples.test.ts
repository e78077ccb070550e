// Every example of the compiled contract (schema, parameter and media-type examples) validates against its
// schema with Ajv (JSON Schema 2020-12) and ajv-formats.
import {describe, expect, it} from 'vitest';
import {
  CONTRACT_ID,
  createValidator,
  describeErrors,
  loadContract,
  operations,
  type JsonObject,
  type MediaType,
} from './contract';

interface ExampleCase {
  where: string;
  schema: JsonObject;
  value: unknown;
}

const doc = loadContract();

/** Schema examples anywhere inside the component schemas, validated against the (sub)schema that holds them. */
function schemaExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${pointer}/${i}`));
      return;
    }
    const obj = node as JsonObject;
    if (Array.isArray(obj.examples)) {
      obj.examples.forEach((value, i) =>
        cases.push({where: `${pointer} examples[${i}]`, schema: {$ref: `${CONTRACT_ID}#/$defs${pointer}`}, value}),
      );
    }
    for (const [k, child] of Object.entries(obj)) {
      if (k !== 'examples') walk(child, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) walk(schema, `/${name}`);
  return cases;
}

function mediaExamples(where: string, media: MediaType | undefined): ExampleCase[] {
  if (!media?.schema) return [];
  const cases: ExampleCase[] = [];
  if (media.example !== undefined) cases.push({where, schema: media.schema, value: media.example});
  for (const [name, ex] of Object.entries(media.examples ?? {})) {
    cases.push({where: `${where} examples.${name}`, schema: media.schema, value: ex.value});
  }
  return cases;
}

function operationExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const {method, path, operation} of operations(doc)) {
    const at = `${method} ${path}`;
    for (const param of operation.parameters ?? []) {
      if (!param.schema) continue;
      if (param.example !== undefined) {
        cases.push({where: `${at} parameter ${param.name}`, schema: param.schema, value: param.example});
      }
      for (const [name, ex] of Object.entries(param.examples ?? {})) {
        cases.push({where: `${at} parameter ${param.name} examples.${name}`, schema: param.schema, value: ex.value});
      }
    }
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      cases.push(...mediaExamples(`${at} request ${type}`, media));
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        cases.push(...mediaExamples(`${at} response ${status} ${type}`, media));
      }
    }
  }
  return cases;
}

const schemaCases = schemaExamples();
const operationCases = operationExamples();

describe('examples of the contract', () => {
  const validator = createValidator(doc);

  it('has examples to check', () => {
    // One request example per body, one response example per operation (bar the 302 redirect), plus parameters.
    expect(operationCases.length).toBeGreaterThan(300);
    expect(schemaCases.length).toBeGreaterThan(10);
  });

  describe.each(schemaCases.map((c) => [c.where, c] as const))('schema example %s', (_where, c) => {
    it('validates', () => {
      const validate = validator.inline(c.schema);
      expect(validate(c.value), describeErrors(validate)).toBe(true);
    });
  });

  describe.each(operationCases.map((c) => [c.where, c] as const))('%s', (_where, c) => {
    it('validates', () => {
      const validate = validator.inline(c.schema);
      expect(validate(c.value), describeErrors(validate)).toBe(true);
    });
  });
});
