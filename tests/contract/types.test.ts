// The TypeScript types generated from the contract compile, and a fixture that uses them (types-usage.ts) passes
// `tsc --noEmit` in strict mode, including its @ts-expect-error lines.
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ensureContractBuilt, root} from './contract';

describe('generated TypeScript types', () => {
  beforeAll(() => {
    ensureContractBuilt();
  });

  it('compile together with tests/contract/types-usage.ts', () => {
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = [
      tsc,
      '--noEmit',
      '--strict',
      '--target',
      'ES2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--skipLibCheck',
      'false',
      '--types',
      'node',
      path.join('tests', 'contract', 'types-usage.ts'),
    ];
    let output = '';
    try {
      execFileSync(process.execPath, args, {cwd: root, encoding: 'utf8', stdio: 'pipe'});
    } catch (error) {
      const e = error as {stdout?: string; stderr?: string};
      output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
    }
    expect(output).toBe('');
  });
});
