// A client generated from the contract must name its operations as a client generated from the real Lightdash
// spec of the released patch does: generators name methods after operationIds, and code written against the real API (or a
// client generated from it) must keep compiling. Both documents go through openapi-typescript, the generator the
// build already uses for generated/openapi/types.d.ts; the keys of its `operations` interface are what a client
// calls.
import openapiTS, {astToString} from 'openapi-typescript';
import {describe, expect, it} from 'vitest';
import {loadContract, type OpenApiDocument} from './contract';
import {loadRealSpec} from './fidelity';

/** Top-level keys of `export interface operations { ... }` in openapi-typescript output. */
export function operationNames(source: string): string[] {
  const start = source.indexOf('export interface operations {');
  if (start < 0) throw new Error('no operations interface in the generated types');
  const names: string[] = [];
  for (const line of source.slice(start).split('\n').slice(1)) {
    if (line.startsWith('}')) break;
    const match = /^ {4}(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_$][\w$]*)): \{$/.exec(line);
    if (match) names.push(match[1] ?? match[2]);
  }
  return names.sort();
}

async function generate(doc: OpenApiDocument): Promise<string> {
  // openapi-typescript rewrites the document it is given; loadContract()'s is shared with other files.
  return astToString(await openapiTS(structuredClone(doc) as unknown as Parameters<typeof openapiTS>[0]));
}

describe('operation names of a generated client', () => {
  it('are the same for our contract and for the real spec', async () => {
    const real = loadRealSpec();
    const [ours, theirs] = await Promise.all([generate(loadContract()), generate(real)]);
    const ourNames = operationNames(ours);
    expect(ourNames).toHaveLength(146);
    expect(ourNames).toEqual(operationNames(theirs));
  });

  it('reads quoted and bare names', () => {
    const source = 'export interface operations {\n    getSpace: {\n    };\n    "Rotate token": {\n    };\n}\n';
    expect(operationNames(source)).toEqual(['Rotate token', 'getSpace']);
  });
});
