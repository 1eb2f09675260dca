/** Nearest-rank percentile of values sorted ascending; 0 for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** p50, p90, p99 and the maximum of unsorted values, rounded to `digits` decimals; zeros for none. */
export function percentiles(values: ArrayLike<number>, digits: number): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const round = (value: number): number => Number(value.toFixed(digits));
  return { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
}

/** Three significant digits: ratios are measurements, not exact numbers. */
export function significant(value: number): number {
  return Number(value.toPrecision(3));
}
