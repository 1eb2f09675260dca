/** How the reports write figures: whole numbers with separators, milliseconds to three digits, tables. */
import type { LoadResult } from './load.js';

export const number = (value: number): string => Math.round(value).toLocaleString('en-US');
export const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
export const latency = (result: LoadResult): string => `p50 ${ms(result.latency_ms.p50)} ms, p99 ${ms(result.latency_ms.p99)} ms`;
export const throughput = (result: LoadResult, unit = 'req/s'): string => `${number(result.requests_per_second)} ${unit} (${latency(result)})`;
export const met = (ok: boolean): string => (ok ? 'yes' : '**no**');
export const failures = (result: LoadResult): string =>
  result.non_2xx + result.errors > 0 ? ` — ${number(result.non_2xx)} non-2xx, ${number(result.errors)} errors` : '';

/** A Markdown table of the measurements' columns. */
export function table(rows: string[][]): string[] {
  return [
    '| Measurement | Value | Baseline (same run) | Ratio | Goal | Met? |',
    '|---|---|---|---:|---|---|',
    ...rows.map((row) => `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`),
  ];
}
