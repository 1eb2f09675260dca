/** Nearest-rank percentile of values sorted ascending; 0 for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** Three significant digits: ratios are measurements, not exact numbers. */
export function significant(value: number): number {
  return Number(value.toPrecision(3));
}
