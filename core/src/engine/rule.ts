import type { PolicyRule } from '../generated/schema-types.js';
import { prepareCondition, type PreparedCondition } from './conditions/index.js';
import { joinLines, principalAttribute, resourceAttribute, showValue, type Truth } from './conditions/condition.js';
import { identifierMatches, parseIdentifierPattern, type IdentifierPattern } from './identifier-pattern.js';
import type { Effect, EngineRequest } from './types.js';

/**
 * A rule read once into the shape evaluation needs. Storage validates rules against the schema; the
 * CLI also reads policy files, so whatever is malformed becomes a rule that cannot apply, never a throw.
 */
export interface PreparedRule {
  /** undefined when the stored effect is neither allow nor deny: such a rule never applies. */
  effect: Effect | undefined;
  rawEffect: unknown;
  principalType: string | undefined;
  requiredAttributes: readonly RequiredAttribute[];
  resourceType: string | undefined;
  requiredResourceAttributes: readonly RequiredAttribute[];
  identifierPatterns: readonly IdentifierPattern[];
  actions: readonly string[];
  conditions: readonly PreparedCondition[];
}

/** An attribute a rule's principals or resources require, with its accepted values (compared as strings). */
export interface RequiredAttribute {
  name: string;
  accepted: ReadonlySet<string>;
  shown: string;
}

/** A rule's verdict on a request whose resource and action it addresses. */
export type RuleOutcome = { applies: true; effect: Effect; conditionsMet: string[] } | { applies: false; why: string };

const ACCEPTED_VALUES_SHOWN = 5;

export function prepareRule(rule: PolicyRule): PreparedRule {
  const source = (rule ?? {}) as Partial<Record<keyof PolicyRule, unknown>>;
  const principals = objectOrEmpty(source.principals);
  const resources = objectOrEmpty(source.resources);
  return {
    effect: source.effect === 'allow' || source.effect === 'deny' ? source.effect : undefined,
    rawEffect: source.effect,
    principalType: stringOrUndefined(principals.type),
    requiredAttributes: requiredAttributes(principals.attributes),
    resourceType: stringOrUndefined(resources.type),
    requiredResourceAttributes: requiredAttributes(resources.attributes),
    identifierPatterns: strings(resources.identifiers).map(parseIdentifierPattern),
    actions: strings(source.actions),
    conditions: arrayOrEmpty(source.conditions).map(prepareCondition),
  };
}

/** Whether the rule is written for this resource type, identifier and action (the part the index answers). */
export function addressesResource(rule: PreparedRule, request: EngineRequest): boolean {
  const target = requestTarget(request);
  return (
    target !== undefined &&
    rule.resourceType === target.type &&
    rule.actions.includes(target.action) &&
    rule.identifierPatterns.some((pattern) => identifierMatches(pattern, target.identifier))
  );
}

/** The request's resource type, identifier and action, when all three are strings; else it addresses nothing. */
export function requestTarget(request: EngineRequest): { type: string; identifier: string; action: string } | undefined {
  const type: unknown = request?.resource?.type;
  const identifier: unknown = request?.resource?.identifier;
  const action: unknown = request?.action;
  return typeof type === 'string' && typeof identifier === 'string' && typeof action === 'string' ? { type, identifier, action } : undefined;
}

/**
 * Whether a rule that addresses the request's resource and action applies: the effect is known, the
 * principal type is the rule's, then the required attributes and the conditions, each true, false or
 * unknown (a value the request lacks). Unknown is never permissive: an allow applies when all are
 * true; a deny applies unless one is false, so a request cannot escape a deny by leaving a value out.
 * All are evaluated so an explanation lists each one.
 */
export function applyRule(rule: PreparedRule, request: EngineRequest, at: Date): RuleOutcome {
  if (rule.effect === undefined) return { applies: false, why: `effect ${showValue(rule.rawEffect)} is neither allow nor deny` };
  const type: unknown = request?.principal?.type;
  if (type === undefined || type === null) return { applies: false, why: 'principal type missing' };
  if (type !== rule.principalType) return { applies: false, why: `principal type ${showValue(type)} is not ${showValue(rule.principalType)}` };
  // Lines of the conditions that are true (conditions_met, as before), and of whatever is false or unknown.
  const met: string[] = [];
  const failed: string[] = [];
  const unknowns: string[] = [];
  for (const required of rule.requiredAttributes)
    targetLine(failed, unknowns, attributeTruth('principal', required, principalAttribute(request, required.name)));
  for (const required of rule.requiredResourceAttributes)
    targetLine(failed, unknowns, attributeTruth('resource', required, resourceAttribute(request, required.name)));
  for (const condition of rule.conditions) {
    const { truth, description } = condition(request, at);
    (truth === 'true' ? met : truth === 'false' ? failed : unknowns).push(description);
  }
  if (failed.length > 0) return { applies: false, why: joinLines(unknowns.length === 0 ? failed : [...failed, ...unknowns], '; ') };
  if (unknowns.length === 0) return { applies: true, effect: rule.effect, conditionsMet: met };
  if (rule.effect === 'allow') return { applies: false, why: joinLines(unknowns, '; ') };
  // A deny with unknowns applies: its lines say which values were missing.
  return { applies: true, effect: rule.effect, conditionsMet: [...met, ...unknowns] };
}

/** A required attribute counts among the lines only when it keeps the rule from applying, or is unknown. */
function targetLine(failed: string[], unknowns: string[], [truth, description]: [Truth, string]): void {
  if (truth === 'false') failed.push(description);
  else if (truth === 'unknown') unknowns.push(description);
}

/** A required attribute's truth: one of the accepted values (an array: one of its items), missing or not a value (unknown), or another. */
export function attributeTruth(owner: 'principal' | 'resource', { name, accepted, shown }: RequiredAttribute, value: unknown): [Truth, string] {
  if (value === undefined || value === null) return ['unknown', `${owner} attribute ${name} missing`];
  if (owner === 'resource' && Array.isArray(value) && value.every(isScalar)) {
    const found = value.find((item) => accepted.has(String(item)));
    return found === undefined ? ['false', `${owner} attribute ${name} has none of ${shown}`] : ['true', `${owner} attribute ${name} has ${showValue(found)}`];
  }
  if (!isScalar(value)) return ['unknown', `${owner} attribute ${name} is ${showValue(value)}, not a string, number or boolean`];
  return accepted.has(String(value))
    ? ['true', `${owner} attribute ${name} ${showValue(value)} is one of ${shown}`]
    : ['false', `${owner} attribute ${name} ${showValue(value)} is not one of ${shown}`];
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function requiredAttributes(attributes: unknown): RequiredAttribute[] {
  return Object.entries(objectOrEmpty(attributes)).map(([name, values]) => {
    const accepted = arrayOrEmpty(values).map((value) => showAccepted(value));
    const shown =
      accepted.length > ACCEPTED_VALUES_SHOWN ? `${accepted.slice(0, ACCEPTED_VALUES_SHOWN).join(', ')}, … (${accepted.length} in all)` : accepted.join(', ');
    return { name, accepted: new Set(accepted), shown: `[${shown}]` };
  });
}

function showAccepted(value: unknown): string {
  return typeof value === 'string' ? value : showValue(value);
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function arrayOrEmpty(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function strings(value: unknown): string[] {
  return arrayOrEmpty(value).filter((item): item is string => typeof item === 'string');
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
