/** Milliseconds per duration unit. */
const unitMs = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

const durationPattern = /^(?:\d+(?:ms|[smhdw]))+$/;

/**
 * A duration (`500ms`, `30s`, `15m`, `1h`, `7d`, `2w`, or combined like `1h30m`, as journalctl and
 * kubectl read them) in milliseconds; undefined when it is not one. The one duration grammar of the
 * CLI's flags.
 */
export function durationMs(text: string): number | undefined {
  const value = text.trim();
  if (!durationPattern.test(value)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+)(ms|[smhdw])/g)) ms += Number(amount) * unitMs[unit as keyof typeof unitMs];
  return ms;
}
