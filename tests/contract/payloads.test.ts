// A committed corpus of payloads: every file in payloads/good must validate against its component schema, every
// file in payloads/bad must be rejected — and, when it says so, for the intended reason (`expect` is an Ajv keyword
// that must appear among the errors).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {createValidator, describeErrors, loadContract} from './contract';

interface PayloadCase {
  schema: string;
  payload: unknown;
  why: string;
  expect?: string;
}

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'payloads');

function load(kind: 'good' | 'bad'): [string, PayloadCase][] {
  return readdirSync(path.join(dir, kind))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f, JSON.parse(readFileSync(path.join(dir, kind, f), 'utf8')) as PayloadCase]);
}

const good = load('good');
const bad = load('bad');
const validator = createValidator(loadContract());

describe('payload corpus', () => {
  it('has good and bad payloads, each with a schema and a reason', () => {
    expect(good.length).toBeGreaterThan(50);
    expect(bad.length).toBeGreaterThan(100);
    for (const [file, c] of [...good, ...bad]) {
      expect(typeof c.schema, file).toBe('string');
      expect(c.why?.length, file).toBeGreaterThan(5);
      expect('payload' in c, file).toBe(true);
    }
  });
});

describe.each(good)('good/%s', (_file, c) => {
  it(`is accepted by ${c.schema}`, () => {
    const validate = validator.component(c.schema);
    expect(validate(c.payload), `${c.why}\n${describeErrors(validate)}`).toBe(true);
  });
});

describe.each(bad)('bad/%s', (_file, c) => {
  it(`is rejected by ${c.schema}`, () => {
    const validate = validator.component(c.schema);
    expect(validate(c.payload), c.why).toBe(false);
    if (c.expect) {
      const keywords = new Set((validate.errors ?? []).map((e) => e.keyword));
      expect([...keywords], `expected a "${c.expect}" error\n${describeErrors(validate)}`).toContain(c.expect);
    }
  });
});
