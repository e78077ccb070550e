// scripts/test-all.mjs reads each step's CPU from bash's `times`.
import {describe, expect, it} from 'vitest';
import {cpuSecondsOf} from '../../scripts/test-all.mjs';

describe('CPU of a step', () => {
  it('adds the user and system time of the processes the step ran', () => {
    expect(cpuSecondsOf('0m0.016s 0m0.000s\n1m2.500s 0m4.250s\n')).toBeCloseTo(66.75, 5);
  });

  it('is unknown when bash wrote nothing (the step was stopped)', () => {
    expect(cpuSecondsOf('')).toBeNull();
    expect(cpuSecondsOf('0m0.016s 0m0.000s\n')).toBeNull();
  });
});
