import budgets from './budgets.json';

/**
 * Byte budgets (tests/budgets.json), checked by tests/e2e/budgets.spec.ts (first-load JS and CSS) and
 * tests/unit/budgets.test.ts (search indexes). A budget is the figure it was set from plus about 5 %.
 */
export {budgets};

/** A budget for a figure: 5 % above it, rounded up to three significant digits. */
export function budgetFor(figure: number): number {
  const target = figure * 1.05;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(target)) - 2);
  return Math.ceil(target / step) * step;
}

/**
 * A budget this far above its figure no longer guards anything: a gain must be recorded by
 * lowering the budget, or a later regression of the same size would pass unnoticed.
 */
export const STALE_HEADROOM = 1.15;

/** Why a figure fails its budget, or null when it is within it. `key` names the entry in budgets.json. */
export function budgetProblem(key: string, figure: number, budget: number | undefined): string | null {
  const fix = `set ${key} to ${budgetFor(figure)} in tests/budgets.json`;
  if (budget === undefined) return `${key}: ${figure} B has no budget; ${fix}.`;
  if (figure > budget) {
    const over = (((figure - budget) / budget) * 100).toFixed(1);
    return `${key}: ${figure} B is ${over} % over its budget of ${budget} B. Make it smaller, or if the growth is wanted, ${fix}.`;
  }
  if (budget > figure * STALE_HEADROOM) {
    return `${key}: ${figure} B is far under its budget of ${budget} B. Record the gain: ${fix}.`;
  }
  return null;
}
