// Pure arithmetic of the benchmark: percentiles, medians and ratios. No I/O, so it is unit-tested.

/**
 * Percentile by linear interpolation between closest ranks (the common "R-7" definition, the
 * default of numpy and spreadsheets): p50 of [1, 2, 3, 4] is 2.5. Empty input gives null.
 */
export function percentile(values, p) {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be between 0 and 100, got ${p}`);
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export const median = (values) => percentile(values, 50);

/** ours / peer, or null when either side is missing or the peer is 0 (no meaningful ratio). */
export function ratio(ours, peer) {
  if (!Number.isFinite(ours) || !Number.isFinite(peer) || peer === 0) return null;
  return ours / peer;
}

/** Element-wise median of equally long score lists (Lighthouse runs), ignoring missing scores. */
export function medianEach(lists) {
  if (lists.length === 0) return [];
  return lists[0].map((_, i) => median(lists.map((list) => list[i]).filter((v) => v !== null && v !== undefined)));
}
