import { UsageError } from '../../../kit/src/index.js';

export type ScalarValue = string | number | boolean;

/**
 * `name=value` flags (attributes, context) as an object. A value that is a JSON number, `true`,
 * `false` or a JSON string is taken as that (`risk_score=0.3` is a number, `level='"3"'` the string
 * "3"); anything else is the text as written (`team=payments`, `id=007`).
 */
export function parseAssignments(flag: string, assignments: readonly string[] = []): Record<string, ScalarValue> {
  const result: Record<string, ScalarValue> = {};
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    if (equals <= 0) throw new UsageError(`--${flag} expects name=value, got: ${assignment}`, [`For example: --${flag} department=engineering`]);
    result[assignment.slice(0, equals)] = scalarValue(assignment.slice(equals + 1));
  }
  return result;
}

export function scalarValue(text: string): ScalarValue {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  } catch {
    // Not JSON: the text as written.
  }
  return text;
}
