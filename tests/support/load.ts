/**
 * The one rule for a time bound that a test checks while other suites share the machine: the figure
 * when the 1-minute load average is at most the number of cores, a looser one when it is above (the test's
 * own process then waits for the CPU; CI runs the crawl and the unit step side by side on 2 cores).
 */
import os from 'node:os';

/** `idleMs` when a core is free, `busyMs` when the load is above the cores. */
export function boundForLoad(idleMs: number, busyMs: number): number {
  return os.loadavg()[0] <= os.availableParallelism() ? idleMs : busyMs;
}
