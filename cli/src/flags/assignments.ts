import { UsageError } from '../../../kit/src/index.js';

export type ScalarValue = string | number | boolean;

/** A value a resource attribute takes: one value, or a list of them (policy-attribute-value schema). */
export type ListOrScalarValue = ScalarValue | ScalarValue[];

/**
 * `name=value` flags (attributes, context) as an object. A value that is a JSON number, `true`,
 * `false` or a JSON string is taken as that (`risk_score=0.3` is a number, `level='"3"'` the string
 * "3"); anything else is the text as written (`team=payments`, `id=007`).
 */
export function parseAssignments(flag: string, assignments: readonly string[] = []): Record<string, ScalarValue> {
  const result: Record<string, ScalarValue> = {};
  for (const assignment of assignments) {
    const [name, text] = splitAssignment(flag, assignment);
    result[name] = scalarValue(text);
  }
  return result;
}

/**
 * `name=value` flags whose values may be lists (resource attributes): each value typed as
 * parseAssignments types it; a name given again makes a list of its values in order (`tags=q4
 * tags=eu`), and a JSON array is a list as written (`tags='["q4"]'`, a list of one).
 */
export function parseListAssignments(flag: string, assignments: readonly string[] = []): Record<string, ListOrScalarValue> {
  const result: Record<string, ListOrScalarValue> = {};
  for (const assignment of assignments) {
    const [name, text] = splitAssignment(flag, assignment);
    const value = listOrScalarValue(flag, name, text);
    const earlier = Object.hasOwn(result, name) ? result[name] : undefined;
    result[name] = earlier === undefined ? value : [...[earlier].flat(), ...[value].flat()];
  }
  return result;
}

function splitAssignment(flag: string, assignment: string): [string, string] {
  const equals = assignment.indexOf('=');
  if (equals <= 0) throw new UsageError(`--${flag} expects name=value, got: ${assignment}`, [`For example: --${flag} department=engineering`]);
  return [assignment.slice(0, equals), assignment.slice(equals + 1)];
}

function listOrScalarValue(flag: string, name: string, text: string): ListOrScalarValue {
  if (!text.trimStart().startsWith('[')) return scalarValue(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text; // `[draft]` is not JSON: the text as written, as any other value.
  }
  if (!Array.isArray(value) || !value.every(isScalar))
    throw new UsageError(`--${flag} ${name}: a list holds strings, numbers and booleans, got: ${text}`, [`For example: --${flag} '${name}=["q4","eu"]'`]);
  return value;
}

export function scalarValue(text: string): ScalarValue {
  try {
    const value: unknown = JSON.parse(text);
    if (isScalar(value)) return value;
  } catch {
    // Not JSON: the text as written.
  }
  return text;
}

function isScalar(value: unknown): value is ScalarValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
