import { contextSlot, delegationFields } from '../delegation.js';
import type { EngineRequest } from '../types.js';
import {
  alwaysUnknown,
  contextValue,
  outcome,
  principalAttribute,
  resourceAttribute,
  showValue,
  unknown,
  type ConditionOutcome,
  type PreparedCondition,
} from './condition.js';

/**
 * The operators of an `attribute` condition (policy-condition schema), each with the words an
 * explanation uses when the condition holds and when it does not: one row an operator.
 */
const words = {
  equals: ['equals', 'does not equal'],
  not_equals: ['does not equal', 'equals'],
  in: ['is in', 'is not in'],
  not_in: ['is not in', 'is in'],
  contains: ['contains', 'does not contain'],
  starts_with: ['starts with', 'does not start with'],
  ends_with: ['ends with', 'does not end with'],
  greater_than: ['>', 'is not >'],
  greater_than_or_equal: ['>=', 'is not >='],
  less_than: ['<', 'is not <'],
  less_than_or_equal: ['<=', 'is not <='],
  exists: ['exists', 'does not exist'],
  not_exists: ['does not exist', 'exists'],
} as const satisfies Record<string, readonly [string, string]>;

export type AttributeOperator = keyof typeof words;

export const attributeOperators = Object.keys(words) as AttributeOperator[];

/** A path of the request (policy-attribute-path schema), parsed: where it reads. */
export type AttributePath =
  | { root: 'principal'; field: 'id' | 'type' }
  | { root: 'principal'; field: 'attributes'; name: string }
  | { root: 'resource'; field: 'type' | 'identifier' }
  | { root: 'resource'; field: 'attributes'; name: string }
  | { root: 'context'; name: string };

/** The paths a condition can read, for did-you-mean and docs; `NAME` stands for any name. */
export const attributePathForms = [
  'principal.id',
  'principal.type',
  'principal.attributes.NAME',
  'resource.type',
  'resource.identifier',
  'resource.attributes.NAME',
  'context.NAME',
  ...delegationFields.map((field) => `context.delegation.${field}` as const),
] as const;

const PATH_LIMIT = 200;

export function parseAttributePath(text: unknown): AttributePath | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > PATH_LIMIT) return undefined;
  if (text === 'principal.id') return { root: 'principal', field: 'id' };
  if (text === 'principal.type') return { root: 'principal', field: 'type' };
  if (text === 'resource.type') return { root: 'resource', field: 'type' };
  if (text === 'resource.identifier') return { root: 'resource', field: 'identifier' };
  const named = (prefix: string): string | undefined => (text.startsWith(prefix) && text.length > prefix.length ? text.slice(prefix.length) : undefined);
  const principalName = named('principal.attributes.');
  if (principalName !== undefined) return { root: 'principal', field: 'attributes', name: principalName };
  const resourceName = named('resource.attributes.');
  if (resourceName !== undefined) return { root: 'resource', field: 'attributes', name: resourceName };
  const contextName = named('context.');
  // context.delegation is reserved: only its fields are paths (delegation.ts).
  if (contextName !== undefined) return contextSlot(contextName) === undefined ? undefined : { root: 'context', name: contextName };
  return undefined;
}

export function formatAttributePath(path: AttributePath): string {
  if (path.root === 'context') return `context.${path.name}`;
  return 'name' in path ? `${path.root}.attributes.${path.name}` : `${path.root}.${path.field}`;
}

/** The value at the path, or undefined when the request lacks it (null counts as lacking). */
export function readAttributePath(request: EngineRequest, path: AttributePath): unknown {
  let value: unknown;
  if (path.root === 'context') value = contextValue(request, path.name);
  else if ('name' in path) value = path.root === 'principal' ? principalAttribute(request, path.name) : resourceAttribute(request, path.name);
  else {
    const holder: unknown = request?.[path.root];
    value = holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>)[path.field] : undefined;
  }
  return value === null ? undefined : value;
}

/** A literal of a policy, or another value of the request. */
export type Operand = { kind: 'literal'; value: unknown } | { kind: 'path'; path: AttributePath };

type Scalar = string | number | boolean;

const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const sameScalar = (a: Scalar, b: unknown): boolean => typeof a === typeof b && a === b;
const isScalarList = (value: unknown): value is Scalar[] => Array.isArray(value) && value.every(isScalar);

/** How a value reads in an explanation: strings bare (`u-42`), lists in brackets, at most 5 items. */
export function showOperandValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const items = value.slice(0, 5).map((item) => (typeof item === 'string' ? JSON.stringify(item) : showValue(item)));
    return `[${items.join(', ')}${value.length > 5 ? `, … (${value.length} in all)` : ''}]`;
  }
  return showValue(value);
}

/**
 * A literal of a policy: strings quoted, so `to: "principal.id"` (the text) never reads like
 * `to: { attribute: principal.id }` (the path).
 */
export function showLiteral(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : showOperandValue(value);
}

/**
 * The comparison on two known values: true or false, or undefined when a value is of the wrong kind
 * for the operator (strings compared with greater_than, a list where one value belongs).
 */
function compare(
  operator: Exclude<AttributeOperator, 'exists' | 'not_exists'>,
  left: unknown,
  right: unknown,
  members?: ReadonlySet<unknown>,
): boolean | undefined {
  switch (operator) {
    case 'equals':
    case 'not_equals': {
      if (!isScalar(left) || !isScalar(right) || typeof left !== typeof right) return undefined;
      return (left === right) === (operator === 'equals');
    }
    case 'in':
    case 'not_in': {
      if (!isScalar(left) || !isScalarList(right)) return undefined;
      // A literal list is a Set made once (SameValueZero: 1 and "1" differ, as sameScalar has them).
      return (members ? members.has(left) : right.some((item) => sameScalar(left, item))) === (operator === 'in');
    }
    case 'contains': {
      if (!isScalarList(left) || !isScalar(right)) return undefined;
      return left.some((item) => sameScalar(right, item));
    }
    case 'starts_with':
    case 'ends_with': {
      if (typeof left !== 'string' || typeof right !== 'string') return undefined;
      return operator === 'starts_with' ? left.startsWith(right) : left.endsWith(right);
    }
    case 'greater_than':
    case 'greater_than_or_equal':
    case 'less_than':
    case 'less_than_or_equal': {
      if (typeof left !== 'number' || typeof right !== 'number' || Number.isNaN(left) || Number.isNaN(right)) return undefined;
      if (operator === 'greater_than') return left > right;
      if (operator === 'greater_than_or_equal') return left >= right;
      return operator === 'less_than' ? left < right : left <= right;
    }
  }
}

/** Why a value cannot be compared: the kind it is, and the kind the operator wants there. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return 'an object';
}

/**
 * `attribute` / OP { attribute: PATH, to: LITERAL or { attribute: PATH } } (policy-condition schema):
 * `resource.attributes.owner equals principal.id (u-42)`. A value the request lacks, or of the wrong
 * kind, is unknown; exists and not_exists are never unknown.
 */
export function prepareAttribute(operator: AttributeOperator): (value: unknown) => PreparedCondition {
  return (value) => {
    const definition = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as { attribute?: unknown; to?: unknown };
    const path = parseAttributePath(definition.attribute);
    if (path === undefined)
      return alwaysUnknown(`attribute ${showValue(definition.attribute)} is not a path of the request (${attributePathForms.join(', ')})`);
    const left = formatAttributePath(path);
    const [holdsWords, failsWords] = words[operator];
    if (operator === 'exists' || operator === 'not_exists') {
      return (request) => {
        const present = readAttributePath(request, path) !== undefined;
        const holds = present === (operator === 'exists');
        return outcome(holds, `${left} ${holds ? holdsWords : failsWords}`);
      };
    }
    const operand = parseOperand(definition.to);
    if (operand === undefined) return alwaysUnknown(`attribute ${left} ${operator}: \`to\` ${showValue(definition.to)} is not a value or { attribute: PATH }`);
    const rightPath = operand.kind === 'path' ? formatAttributePath(operand.path) : undefined;
    const members = operand.kind === 'literal' && Array.isArray(operand.value) ? new Set<unknown>(operand.value) : undefined;
    const statement = `${left} ${operator} ${rightPath ?? showLiteral(operand.kind === 'literal' ? operand.value : undefined)}`;
    const equalsPath = rightPath === undefined ? undefined : `${left} equals ${rightPath} (`;
    const leftMissing = `${left} missing, so \`${statement}\` is unknown`;
    const rightMissing = rightPath === undefined ? undefined : `${rightPath} missing, so \`${statement}\` is unknown`;
    return (request): ConditionOutcome => {
      const leftValue = readAttributePath(request, path);
      if (leftValue === undefined) return unknown(leftMissing);
      const rightValue = operand.kind === 'literal' ? operand.value : readAttributePath(request, operand.path);
      if (rightValue === undefined) return unknown(rightMissing!);
      const holds = compare(operator, leftValue, rightValue, members);
      // The commonest line (ownership: `resource.attributes.owner equals principal.id (u-42)`) from a prefix made once.
      if (holds && operator === 'equals' && equalsPath !== undefined) return outcome(true, `${equalsPath}${showOperandValue(rightValue)})`);
      const right = rightPath === undefined ? showLiteral(rightValue) : `${rightPath} (${showOperandValue(rightValue)})`;
      if (holds === undefined) {
        return unknown(
          `${left} (${showOperandValue(leftValue)}, ${kindOf(leftValue)}) cannot be compared by ${operator} with ${right} (${kindOf(rightValue)}), so it is unknown`,
        );
      }
      if (holds && operator === 'equals') return outcome(true, `${left} equals ${right}`);
      return outcome(holds, `${left} (${showOperandValue(leftValue)}) ${holds ? holdsWords : failsWords} ${right}`);
    };
  };
}

/** `to` as a literal (a value or a list of values) or a path; undefined when it is neither. */
export function parseOperand(to: unknown): Operand | undefined {
  if (isScalar(to) || isScalarList(to)) return { kind: 'literal', value: to };
  if (to !== null && typeof to === 'object' && !Array.isArray(to)) {
    const keys = Object.keys(to);
    const path = keys.length === 1 && keys[0] === 'attribute' ? parseAttributePath((to as { attribute: unknown }).attribute) : undefined;
    return path === undefined ? undefined : { kind: 'path', path };
  }
  return undefined;
}
