// Redocly lint of the compiled contract with the committed redocly.yaml (recommended rules, no unused components
// and stricter operation rules; deliberate exceptions are listed in .redocly.lint-ignore.yaml).
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ensureContractBuilt, root} from './contract';

interface LintReport {
  totals: {errors: number; warnings: number; ignored: number};
  problems: {ruleId: string; severity: string; message: string; location?: {pointer?: string}[]}[];
}

describe('Redocly lint of generated/openapi/openapi.json', () => {
  let report: LintReport;

  beforeAll(() => {
    ensureContractBuilt();
    const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
    let stdout: string;
    try {
      stdout = execFileSync(redocly, ['lint', '--config', 'redocly.yaml', '--format', 'json'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      // redocly exits 1 when it finds errors; the report is still on stdout.
      stdout = (error as {stdout?: string}).stdout ?? '';
    }
    report = JSON.parse(stdout) as LintReport;
  });

  it('reports no errors', () => {
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('reports no warnings', () => {
    const warnings = report.problems.filter((p) => p.severity === 'warn');
    expect(warnings.map((p) => `${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`)).toEqual([]);
    expect(report.totals.warnings).toBe(0);
  });

  it('ignores only the exceptions listed in .redocly.lint-ignore.yaml', () => {
    // 1 identical path, 3 ambiguous paths and 9 entities that no call of SPEC §7 uses.
    expect(report.totals.ignored).toBe(14);
  });
});
