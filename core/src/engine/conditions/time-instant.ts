import { alwaysUnknown, outcome, showName, unknown, type PreparedCondition } from './condition.js';

/** RFC 3339's date-time, with its offset (the policy-condition schema's `date-time` format). */
const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The instant of an RFC 3339 date-time, in milliseconds, or undefined when the text is not one. */
export function parseInstant(text: unknown): number | undefined {
  if (typeof text !== 'string' || !rfc3339.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * `time` / `before` INSTANT and `time` / `after` INSTANT: a grant that ends (break-glass until Friday
 * 18:00) or starts. `before` is strictly before; `after` is at or after, so the two split time at the
 * instant with nothing left over.
 */
export function prepareTimeInstant(operator: 'before' | 'after'): (value: unknown) => PreparedCondition {
  return (value) => {
    const instant = parseInstant(value);
    if (instant === undefined) return alwaysUnknown(`time ${operator} ${showName(value)}: not an RFC 3339 instant`);
    const shown = value as string;
    return (_request, at) => {
      const now = at instanceof Date ? at.getTime() : Number.NaN;
      if (Number.isNaN(now)) return unknown('time unknown: the request time is not a valid date');
      const holds = operator === 'before' ? now < instant : now >= instant;
      return outcome(holds, `time ${new Date(now).toISOString()} ${holds ? '' : 'not '}${operator} ${shown}`);
    };
  };
}
