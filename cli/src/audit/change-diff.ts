import type { AuditEvent } from '../../../core/src/index.js';

export interface FieldChange {
  /** Dotted path of the field (`attributes.department`); `` for the whole resource. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/**
 * What an event's change did, field by field: objects are compared member by member (nested
 * objects too), anything else (arrays, scalars) as a whole. A creation lists every field as
 * added, a deletion every field as removed.
 */
export function diffChange(change: AuditEvent['change']): FieldChange[] {
  if (!change) return [];
  return diffValues('', change.before ?? undefined, change.after ?? undefined);
}

function diffValues(path: string, before: unknown, after: unknown): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return names.flatMap((name) => diffValues(path === '' ? name : `${path}.${name}`, before[name], after[name]));
  }
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return isPlainObject(after) && path === '' ? diffValues(path, {}, after) : [{ path, kind: 'added', after }];
  if (after === undefined) return isPlainObject(before) && path === '' ? diffValues(path, before, {}) : [{ path, kind: 'removed', before }];
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, kind: 'changed', before, after }];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value on one line: strings as they are, anything else as compact JSON, cut at `max` characters. */
export function inlineValue(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
